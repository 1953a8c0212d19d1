import { describe, expect, it } from 'vitest'
import { sidebarFor } from './sidebar'

const paths = (role: string) => sidebarFor(role).map((group) => [group.label, group.items.map((item) => item.path)])

describe('sidebar by role (SPEC.md sections 2 and 6)', () => {
  it('shows an admin every item, Core then Management, in the spec order', () => {
    expect(paths('admin')).toEqual([
      [
        'Core',
        [
          '/dashboard/management',
          '/dashboard/payroll',
          '/dashboard/invoice-management',
          '/dashboard/field-manager',
          '/dashboard/recovery-agent',
          '/dashboard/camera-driver',
          '/dashboard/lot-manager',
          '/dashboard/key-manager',
          '/dashboard/locksmith',
          '/dashboard/transport-manager',
          '/dashboard/compliance-manager',
          '/dashboard/post-recovery-manager',
        ],
      ],
      [
        'Management',
        [
          '/dashboard/orders',
          '/dashboard/assignments',
          '/dashboard/users',
          '/dashboard/markets',
          '/dashboard/maps',
          '/dashboard/fees',
          '/dashboard/import',
          '/dashboard/clients',
          '/dashboard/vendors',
          '/dashboard/agent-mapping',
        ],
      ],
    ])
  })

  it.each([
    [
      'recovery_agent',
      [
        ['Core', ['/dashboard/recovery-agent']],
        ['Management', ['/dashboard/maps']],
      ],
    ],
    ['camera_driver', [['Core', ['/dashboard/camera-driver']]]],
    ['lot_manager', [['Core', ['/dashboard/lot-manager']]]],
    ['compliance_manager', [['Core', ['/dashboard/compliance-manager']]]],
    [
      'field_manager',
      [
        ['Core', ['/dashboard/field-manager']],
        ['Management', ['/dashboard/orders', '/dashboard/assignments', '/dashboard/maps']],
      ],
    ],
    [
      'post_recovery_manager',
      [
        ['Core', ['/dashboard/key-manager', '/dashboard/transport-manager', '/dashboard/post-recovery-manager']],
        ['Management', ['/dashboard/orders']],
      ],
    ],
    [
      'unknown',
      [
        ['Core', ['/dashboard/recovery-agent']],
        ['Management', ['/dashboard/maps']],
      ],
    ],
  ])('%s sees %j', (role, expected) => {
    expect(paths(role)).toEqual(expected)
  })

  it('shows a manager no role-specific field dashboards', () => {
    const [core, management] = sidebarFor('manager')
    expect(core.items.map((item) => item.path)).toEqual([
      '/dashboard/management',
      '/dashboard/payroll',
      '/dashboard/invoice-management',
      '/dashboard/post-recovery-manager',
    ])
    expect(management.items).toHaveLength(10)
  })

  it('never lists Profile Settings or the redemption screens', () => {
    const all = sidebarFor('admin').flatMap((group) => group.items.map((item) => item.screen))
    expect(all).not.toContain('Profile Settings')
    expect(all).not.toContain('Vehicle Redemptions')
    expect(all).not.toContain('Property Redemptions')
    expect(sidebarFor('post_recovery_manager').flatMap((group) => group.items.map((item) => item.path))).not.toContain(
      '/dashboard/vehicle-redemptions',
    )
  })
})

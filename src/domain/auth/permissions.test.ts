import { describe, expect, it } from 'vitest'
import { ALL_SCREENS, canOpenScreen, hasFieldAccess, hasManagementAccess, normalizeRole } from '.'

// SPEC.md section 6, written out literally: each role's allowed screens.
const everything = [
  'Management Dashboard',
  'Recovery Agent',
  'Camera Car Driver',
  'Field Manager',
  'Lot Manager',
  'Key Manager',
  'Transport Manager',
  'Locksmith',
  'Compliance Manager',
  'Post Recovery Manager',
  'Order Management',
  'Agent Assignment',
  'User Management',
  'Market Configuration',
  'Case Location Map',
  'Payroll & Accounting',
  'Invoice',
  'Fee Schedules',
  'Data Import',
  'Client Management',
  'Vendor Management',
  'Agent Mapping',
  'Profile Settings',
  'Vehicle Redemptions',
  'Property Redemptions',
]
const allowed: Record<string, string[]> = {
  admin: everything,
  manager: [
    'Management Dashboard',
    'Post Recovery Manager',
    'Order Management',
    'Agent Assignment',
    'User Management',
    'Market Configuration',
    'Case Location Map',
    'Fee Schedules',
    'Data Import',
    'Client Management',
    'Vendor Management',
    'Agent Mapping',
    'Payroll & Accounting',
    'Invoice',
    'Profile Settings',
  ],
  recovery_agent: ['Recovery Agent', 'Case Location Map', 'Profile Settings'],
  camera_driver: ['Camera Car Driver', 'Profile Settings'],
  field_manager: ['Field Manager', 'Order Management', 'Agent Assignment', 'Case Location Map', 'Profile Settings'],
  lot_manager: ['Lot Manager', 'Profile Settings'],
  key_manager: ['Key Manager', 'Profile Settings'],
  transport_manager: ['Transport Manager', 'Profile Settings'],
  locksmith: ['Locksmith', 'Profile Settings'],
  compliance_manager: ['Compliance Manager', 'Profile Settings'],
  post_recovery_manager: [
    'Post Recovery Manager',
    'Vehicle Redemptions',
    'Property Redemptions',
    'Transport Manager',
    'Key Manager',
    'Order Management',
    'Profile Settings',
  ],
}

describe('permission table (SPEC.md section 6)', () => {
  it('knows every screen the spec names', () => {
    expect([...ALL_SCREENS].sort()).toEqual([...everything].sort())
  })

  const cases = Object.entries(allowed).flatMap(([role, screens]) =>
    everything.map((screen) => ({ role, screen, expected: screens.includes(screen) })),
  )
  it.each(cases)('$role may open $screen: $expected', ({ role, screen, expected }) => {
    expect(canOpenScreen(role, screen as (typeof ALL_SCREENS)[number])).toBe(expected)
  })

  it('covers all 11 roles', () => {
    expect(Object.keys(allowed)).toHaveLength(11)
  })

  it.each(['', 'superuser', undefined, null, 'ADMIN'])('an unknown role (%s) acts as recovery_agent', (role) => {
    expect(normalizeRole(role)).toBe('recovery_agent')
    for (const screen of everything) {
      expect(canOpenScreen(role, screen as (typeof ALL_SCREENS)[number])).toBe(allowed.recovery_agent.includes(screen))
    }
  })

  it.each([
    ['admin', true, true],
    ['manager', true, true],
    ['field_manager', false, true],
    ['recovery_agent', false, false],
    ['post_recovery_manager', false, false],
    ['nobody', false, false],
  ])('%s: management access %s, field access %s', (role, management, field) => {
    expect(hasManagementAccess(role)).toBe(management)
    expect(hasFieldAccess(role)).toBe(field)
  })
})

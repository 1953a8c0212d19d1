import { describe, expect, it } from 'vitest'
import { defaultRouteForRole, routeForScreenName } from '.'

describe('default-route mapping (SPEC.md section 2)', () => {
  it.each([
    ['Management Dashboard', '/dashboard/management'],
    ['Recovery Agent', '/dashboard/recovery-agent'],
    ['Camera Car Driver', '/dashboard/camera-driver'],
    ['Field Manager', '/dashboard/field-manager'],
    ['Lot Manager', '/dashboard/lot-manager'],
    ['Key Manager', '/dashboard/key-manager'],
    ['Transport Manager', '/dashboard/transport-manager'],
    ['Locksmith', '/dashboard/locksmith'],
    ['Compliance Manager', '/dashboard/compliance-manager'],
    ['Order Management', '/dashboard/orders'],
    ['Agent Assignment', '/dashboard/assignments'],
    ['User Management', '/dashboard/users'],
    ['Market Configuration', '/dashboard/markets'],
    ['Payroll & Accounting', '/dashboard/payroll'],
    ['Fee Schedules', '/dashboard/fees'],
    ['Data Import', '/dashboard/import'],
    ['Client Management', '/dashboard/clients'],
    ['Profile Settings', '/dashboard/profile'],
  ])('%s goes to %s', (name, route) => {
    expect(routeForScreenName(name)).toBe(route)
  })

  it.each([
    'Post Recovery Manager',
    'Invoice',
    'Case Location Map',
    'Vendor Management',
    'Agent Mapping',
    'Vehicle Redemptions',
    'Property Redemptions',
    '',
    'management dashboard',
    'Something Else',
  ])('%s falls through to /dashboard/recovery-agent', (name) => {
    expect(routeForScreenName(name)).toBe('/dashboard/recovery-agent')
  })
})

describe('landing screen by role', () => {
  it.each([
    ['admin', '/dashboard/management'],
    ['manager', '/dashboard/management'],
    ['recovery_agent', '/dashboard/recovery-agent'],
    ['camera_driver', '/dashboard/camera-driver'],
    ['field_manager', '/dashboard/field-manager'],
    ['lot_manager', '/dashboard/lot-manager'],
    ['key_manager', '/dashboard/key-manager'],
    ['transport_manager', '/dashboard/transport-manager'],
    ['locksmith', '/dashboard/locksmith'],
    ['compliance_manager', '/dashboard/compliance-manager'],
    ['post_recovery_manager', '/dashboard/post-recovery-manager'],
    ['unknown-role', '/dashboard/recovery-agent'],
  ])('%s lands on %s', (role, route) => {
    expect(defaultRouteForRole(role)).toBe(route)
  })
})

/**
 * Every screen a role can be allowed, by its permission name (SPEC.md section 6), with the
 * /dashboard child it lives at. Vehicle and Property Redemptions are permitted names with no
 * route and no sidebar item; Profile Settings has a route but no sidebar item.
 */
export const SCREENS = {
  'Management Dashboard': 'management',
  'Recovery Agent': 'recovery-agent',
  'Camera Car Driver': 'camera-driver',
  'Field Manager': 'field-manager',
  'Lot Manager': 'lot-manager',
  'Key Manager': 'key-manager',
  'Transport Manager': 'transport-manager',
  Locksmith: 'locksmith',
  'Compliance Manager': 'compliance-manager',
  'Post Recovery Manager': 'post-recovery-manager',
  'Order Management': 'orders',
  'Agent Assignment': 'assignments',
  'User Management': 'users',
  'Market Configuration': 'markets',
  'Case Location Map': 'maps',
  'Payroll & Accounting': 'payroll',
  Invoice: 'invoice-management',
  'Fee Schedules': 'fees',
  'Data Import': 'import',
  'Client Management': 'clients',
  'Vendor Management': 'vendors',
  'Agent Mapping': 'agent-mapping',
  'Profile Settings': 'profile',
  'Vehicle Redemptions': null,
  'Property Redemptions': null,
} as const satisfies Record<string, string | null>

export type Screen = keyof typeof SCREENS

export const ALL_SCREENS = Object.keys(SCREENS) as Screen[]

/** The permission name of a /dashboard child path segment, if any screen lives there. */
export function screenForPath(segment: string): Screen | undefined {
  return ALL_SCREENS.find((screen) => SCREENS[screen] === segment)
}

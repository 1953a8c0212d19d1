/**
 * Every screen a role can be allowed, by its permission name (SPEC.md section 6), with the
 * /dashboard child it lives at. Vehicle Redemptions, Property Redemptions and Profile Settings
 * have a route but no sidebar item (see docs/decisions/021-redemption-screen-paths.md).
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
  'Vehicle Redemptions': 'vehicle-redemptions',
  'Property Redemptions': 'property-redemptions',
} as const satisfies Record<string, string>

export type Screen = keyof typeof SCREENS

export const ALL_SCREENS = Object.keys(SCREENS) as Screen[]

/** The permission name of a /dashboard child path segment, if any screen lives there. */
export function screenForPath(segment: string): Screen | undefined {
  return ALL_SCREENS.find((screen) => SCREENS[screen] === segment)
}

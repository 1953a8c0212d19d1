/** The children of /dashboard, in SPEC.md section 2's order, titled by their screen names. */
export const DASHBOARD_CHILDREN = [
  'management',
  'recovery-agent',
  'camera-driver',
  'field-manager',
  'lot-manager',
  'key-manager',
  'transport-manager',
  'locksmith',
  'compliance-manager',
  'post-recovery-manager',
  'orders',
  'users',
  'profile',
  'assignments',
  'markets',
  'payroll',
  'invoice-management',
  'fees',
  'maps',
  'import',
  'clients',
  'vendors',
  'agent-mapping',
  // Permitted screens with no sidebar item (docs/decisions/021-redemption-screen-paths.md).
  'vehicle-redemptions',
  'property-redemptions',
] as const

export type DashboardChild = (typeof DASHBOARD_CHILDREN)[number]

import { canOpenScreen } from './permissions'
import { normalizeRole, type Role } from './roles'
import { SCREENS, type Screen } from './screens'

const FALLBACK_ROUTE = '/dashboard/recovery-agent'

/** SPEC.md section 2: the screen names that have an entry in the default-route mapping. */
const MAPPED_SCREENS: readonly Screen[] = [
  'Management Dashboard',
  'Recovery Agent',
  'Camera Car Driver',
  'Field Manager',
  'Lot Manager',
  'Key Manager',
  'Transport Manager',
  'Locksmith',
  'Compliance Manager',
  'Order Management',
  'Agent Assignment',
  'User Management',
  'Market Configuration',
  'Payroll & Accounting',
  'Fee Schedules',
  'Data Import',
  'Client Management',
  'Profile Settings',
]

/**
 * The default-route mapping of SPEC.md section 2: a mapped screen name goes to its
 * /dashboard child; anything else (Post Recovery Manager, Invoice, Maps, Vendors, Agent
 * Mapping, unknown names) goes to /dashboard/recovery-agent.
 */
export function routeForScreenName(name: string): string {
  const screen = MAPPED_SCREENS.find((candidate) => candidate === name)
  const segment = screen ? SCREENS[screen] : null
  return segment ? `/dashboard/${segment}` : FALLBACK_ROUTE
}

/** The role's own dashboard: Management Dashboard for admin and manager (SPEC.md section 6). */
export const DEFAULT_SCREEN: Record<Role, Screen> = {
  admin: 'Management Dashboard',
  manager: 'Management Dashboard',
  recovery_agent: 'Recovery Agent',
  camera_driver: 'Camera Car Driver',
  field_manager: 'Field Manager',
  lot_manager: 'Lot Manager',
  key_manager: 'Key Manager',
  transport_manager: 'Transport Manager',
  locksmith: 'Locksmith',
  compliance_manager: 'Compliance Manager',
  post_recovery_manager: 'Post Recovery Manager',
}

/**
 * Where a role lands on /dashboard: its default screen through the mapping, unless the mapping
 * sends it to a screen it may not open (Post Recovery Manager has no mapping entry), in which
 * case its own dashboard (see docs/decisions/002-default-landing.md).
 */
export function defaultRouteForRole(role: unknown): string {
  const effective = normalizeRole(role)
  const screen = DEFAULT_SCREEN[effective]
  const mapped = routeForScreenName(screen)
  if (mapped === FALLBACK_ROUTE && !canOpenScreen(effective, 'Recovery Agent')) {
    return `/dashboard/${SCREENS[screen]}`
  }
  return mapped
}

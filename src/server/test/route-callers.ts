import type { Role } from '../../domain/auth'

// The callers the route table (route-roles.ts) names: SPEC.md section 6's roles, each a literal,
// grouped by the screens that give them a route.

/** Anyone, signed in or not: the route authorises by its own token, or serves no one's data. */
export const PUBLIC = 'public'
/** Only an integration's API key (issue 4's case sync): a person's session is not one. */
export const API_KEY = 'api key'

export type Callers = readonly Role[] | typeof PUBLIC | typeof API_KEY
/** A route whose one path parameter names what is asked for (an export's list): callers per value. */
export type CallersByValue = { readonly [value: string]: readonly Role[] }

/** SPEC.md section 6's eleven roles. */
export const EVERY_ROLE = [
  'admin',
  'manager',
  'recovery_agent',
  'camera_driver',
  'field_manager',
  'lot_manager',
  'key_manager',
  'transport_manager',
  'locksmith',
  'compliance_manager',
  'post_recovery_manager',
] as const
/** View as, API keys, company settings (issues 3, 4 and 41). */
export const ADMIN = ['admin'] as const
/**
 * Management access: the Management Dashboard, User Management, Market Configuration, Fee
 * Schedules, Data Import, Client, Vendor, Agent Mapping (issue 8: 'admin and manager only on the
 * server'), Payroll & Accounting and Invoice.
 */
export const MANAGEMENT = ['admin', 'manager'] as const
/** Field access, and the Agent Assignment screen: the same three roles. */
export const FIELD_ACCESS = ['admin', 'manager', 'field_manager'] as const
export const ORDER_MANAGEMENT = ['admin', 'manager', 'field_manager', 'post_recovery_manager'] as const
export const CASE_LOCATION_MAP = ['admin', 'manager', 'recovery_agent', 'field_manager'] as const
export const POST_RECOVERY_MANAGER = ['admin', 'manager', 'post_recovery_manager'] as const
/**
 * Vehicle Redemptions, and giving property back: SPEC.md section 6 names admin and the
 * post-recovery manager; issue 20's product lets managers in too (through their Management
 * Dashboard, and shows them the case's Redemption card). Reported in issue 43, not settled here.
 */
export const REDEMPTIONS = ['admin', 'post_recovery_manager', 'manager'] as const
export const RECOVERY_AGENT = ['admin', 'recovery_agent'] as const
/** On-Hook and Yield (issue 44): field access, and the recovery agent on their own cases. */
export const ON_HOOK = ['admin', 'manager', 'field_manager', 'recovery_agent'] as const
export const CAMERA_CAR_DRIVER = ['admin', 'camera_driver'] as const
export const FIELD_MANAGER = ['admin', 'field_manager'] as const
export const LOT_MANAGER = ['admin', 'lot_manager'] as const
/** The Key Manager or Locksmith screen (one keys dashboard); the post-recovery manager has Key Manager. */
export const KEYS = ['admin', 'key_manager', 'locksmith', 'post_recovery_manager'] as const
export const TRANSPORT_MANAGER = ['admin', 'transport_manager', 'post_recovery_manager'] as const
export const COMPLIANCE_MANAGER = ['admin', 'compliance_manager'] as const
/** Issue 41: a condition report is opened by those who handle the recovered vehicle. */
export const CONDITION_REPORTS = ['admin', 'manager', 'recovery_agent', 'lot_manager', 'post_recovery_manager'] as const
/** Issue 41: a case's personal property, inventoried on the lot, given back by post-recovery. */
export const PROPERTY = ['admin', 'manager', 'lot_manager', 'post_recovery_manager'] as const

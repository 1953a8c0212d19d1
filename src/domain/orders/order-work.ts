import { profileMarkets } from '../dashboards/markets'

/** SPEC.md section 4: the 13 order statuses, in the spec's order (the order_statuses table holds the same). */
export const ORDER_STATUSES = [
  'Open',
  'Closed',
  'On Hold',
  'Pending On Hold',
  'Pending Close',
  'Repossessed',
  'Charged Off',
  'Completed',
  'Completed-Located',
  'Office Transfer',
  'Need Info',
  'Hold For Billing',
  'Auction',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** SPEC.md section 4: an order's priorities ('normal' belongs to external cases only). */
export const ORDER_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const
export type OrderPriority = (typeof ORDER_PRIORITIES)[number]

/**
 * The order's work fields: beyond SPEC.md section 5's editable fields, only field access (admin,
 * manager, field_manager; SPEC.md section 6) may change them.
 */
export const ORDER_WORK_FIELDS = [
  'status',
  'priority',
  'due_date',
  'assigned_agent_id',
  'assigned_camera_driver_id',
] as const
export type OrderWorkField = (typeof ORDER_WORK_FIELDS)[number]

export const isOrderWorkField = (field: string): field is OrderWorkField =>
  (ORDER_WORK_FIELDS as readonly string[]).includes(field)

/** Who may be put on an order in each assignment field. */
export const ASSIGNMENT_ROLES = {
  assigned_agent_id: 'recovery_agent',
  assigned_camera_driver_id: 'camera_driver',
} as const
export type AssignmentField = keyof typeof ASSIGNMENT_ROLES
export const ASSIGNMENT_FIELDS = Object.keys(ASSIGNMENT_ROLES) as AssignmentField[]
export type AssignableRole = (typeof ASSIGNMENT_ROLES)[AssignmentField]

export const ASSIGNABLE_ROLE_LABELS: Record<AssignableRole, string> = {
  recovery_agent: 'recovery agent',
  camera_driver: 'camera car driver',
}

/** The no-match value of market detection: no market, like a blank one. */
const UNKNOWN_MARKET = 'Unknown'

/** The market an order's people must work, or null when the order has none (blank or 'Unknown'). */
export function orderWorkMarket(detectedMarket: string | null | undefined): string | null {
  const market = detectedMarket?.trim()
  return market && market !== UNKNOWN_MARKET ? market : null
}

/**
 * Whether a person whose profile names `profileMarket` (one market or several) may work an order
 * of `orderMarket`. An order with no market accepts anyone of the role: nothing says where it is,
 * so no one can be said to be of the wrong market.
 */
export function worksOrderMarket(profileMarket: string | null | undefined, orderMarket: string | null | undefined) {
  const market = orderWorkMarket(orderMarket)
  return market === null || profileMarkets(profileMarket).includes(market)
}

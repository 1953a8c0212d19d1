import { defaultRouteForRole } from './default-route'
import { canOpenScreen } from './permissions'
import { normalizeRole } from './roles'

/** The case list (Order Management): SPEC.md's Back target for those who may open it. */
export const CASE_LIST_ROUTE = '/dashboard/orders'

/** A path inside the product (from in-app history), never another site ('//host', 'https:'). */
export function inAppPath(from: unknown): string | null {
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null
}

/**
 * Where Back goes from an order or case detail when the person did not come from a page of ours
 * (a link opened in a new tab, a typed address): the case list for those who may open it
 * (SPEC.md section 2), else their own landing screen, never a screen that says 'Access Denied'.
 */
export function backFallbackRoute(role: unknown): string {
  const effective = normalizeRole(role)
  return canOpenScreen(effective, 'Order Management') ? CASE_LIST_ROUTE : defaultRouteForRole(effective)
}

import type { AppDeps, Viewer } from '../../app-env'
import { containsPattern } from '../../queries/like-pattern'
import { searchOrders, searchProfiles } from './repository'

/** SPEC.md section 9: at most 5 orders, 5 profiles, 10 results overall. */
export const SEARCH_LIMITS = { orders: 5, profiles: 5, total: 10 } as const

/** The header's global search over the viewer's company: orders and people, both at once. */
export async function searchEverything({ db }: AppDeps, viewer: Viewer, query: string) {
  const pattern = containsPattern(query)
  const [orders, profiles] = await Promise.all([
    searchOrders(db, viewer.companyId, pattern, SEARCH_LIMITS.orders),
    searchProfiles(db, viewer.companyId, pattern, SEARCH_LIMITS.profiles),
  ])
  return { orders, profiles: profiles.slice(0, SEARCH_LIMITS.total - orders.length) }
}

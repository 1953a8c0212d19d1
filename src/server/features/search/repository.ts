import { type Kysely, sql } from 'kysely'
import type { DB } from '../../db/schema'
import { ordersMatchingPattern } from '../../queries/order-filters'

// The same expression as the trigram index of migration 001, so the index serves it.
const profileSearchText = sql<string>`(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)`

/** What the header shows of an order. */
const ORDER_COLUMNS = [
  'id',
  'order_number',
  'case_number',
  'borrower_name',
  'year',
  'make',
  'model',
  'vin',
  'status',
] as const

/**
 * How many of the company's most recently updated orders a search reads first: when enough of them
 * match, they are the most recently updated matches of all, and no other order need be read.
 */
export const RECENT_ORDERS_READ = 500

/**
 * The most recently updated orders (up to `limit`) whose number, borrower, make, model, VIN, case
 * number or plate contain the pattern, newest first: first among the last RECENT_ORDERS_READ
 * updated (a common word is answered there, from the update-time index); when too few of those
 * match, from all the matches the search index finds (a rare word has few).
 */
export async function searchOrders(db: Kysely<DB>, companyId: string, pattern: string, limit: number) {
  const recent = await recentOrdersMatching(db, companyId, pattern, limit).execute()
  if (recent.length === limit) return recent
  return allOrdersMatching(db, companyId, pattern, limit).execute()
}

/**
 * Among the company's last RECENT_ORDERS_READ orders by update time, those whose search text (as
 * migration 012's index has it, each order's own) contains the pattern, newest first.
 */
export function recentOrdersMatching(db: Kysely<DB>, companyId: string, pattern: string, limit: number) {
  const recent = db
    .selectFrom('orders as o')
    .select([...ORDER_COLUMNS, 'updated_at', sql<string>`order_search_text(o)`.as('search_text')])
    .where('company_id', '=', companyId)
    .orderBy('updated_at', 'desc')
    .limit(RECENT_ORDERS_READ)
  return db
    .selectFrom(recent.as('recent'))
    .select([...ORDER_COLUMNS])
    .where('search_text', 'ilike', pattern)
    .orderBy('updated_at', 'desc')
    .limit(limit)
}

/**
 * Every order of the company whose search text contains the pattern, newest first: indexed ones
 * through `order_search`'s trigram index, those the indexer has not reached yet read directly
 * (migration 012). Read only when too few recent orders match, so the word is mostly rare and the
 * planner fetches its few matches by key; one common only among older orders is read as before.
 */
export function allOrdersMatching(db: Kysely<DB>, companyId: string, pattern: string, limit: number) {
  return (
    db
      .selectFrom('orders')
      .select([...ORDER_COLUMNS])
      .where('company_id', '=', companyId)
      // One IN over a UNION: the planner hashes the matches and fetches those orders by key
      // (an OR of two INs would test every order of the company).
      .where((eb) => eb('id', 'in', ordersMatchingPattern(eb, companyId, pattern)))
      .orderBy('updated_at', 'desc')
      .limit(limit)
  )
}

export function searchProfiles(db: Kysely<DB>, companyId: string, pattern: string, limit: number) {
  return db
    .selectFrom('profiles')
    .select(['id', 'first_name', 'last_name', 'email', 'role', 'active'])
    .where('company_id', '=', companyId)
    .where(profileSearchText, 'ilike', pattern)
    .orderBy('active', 'desc')
    .orderBy('first_name')
    .limit(limit)
    .execute()
}

import { type Kysely, sql } from 'kysely'
import type { DB } from '../../db/schema'

// The same expression as the trigram index of migration 001, so the index serves it.
const profileSearchText = sql<string>`(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)`

/**
 * Orders whose number, borrower, make, model or VIN contain the pattern: indexed ones through
 * `order_search`'s trigram index, those the indexer has not reached yet read directly (migration 012).
 */
export function searchOrders(db: Kysely<DB>, companyId: string, pattern: string, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'case_number', 'borrower_name', 'year', 'make', 'model', 'vin', 'status'])
    .where('company_id', '=', companyId)
    .where((eb) =>
      eb(
        'id',
        'in',
        // One IN over a UNION: the planner hashes the matches and fetches those orders by key
        // (an OR of two INs would test every order of the company).
        eb
          .selectFrom('order_search')
          .select('order_id')
          .where('company_id', '=', companyId)
          .where('search_text', 'ilike', pattern)
          .union(
            eb
              .selectFrom('order_search_pending as pending')
              .innerJoin('orders as pending_order', 'pending_order.id', 'pending.order_id')
              .select('pending.order_id')
              .where('pending.company_id', '=', companyId)
              .where(sql<string>`order_search_text(pending_order)`, 'ilike', pattern),
          ),
      ),
    )
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute()
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

import { type Kysely, sql } from 'kysely'
import type { DB } from '../../db/schema'

// The same expressions as the trigram indexes of migration 002 and 001, so the indexes serve them.
const orderSearchText = sql<string>`(coalesce(order_number, '') || ' ' || coalesce(borrower_name, '') || ' ' || coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || coalesce(vin, ''))`
const profileSearchText = sql<string>`(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)`

export function searchOrders(db: Kysely<DB>, companyId: string, pattern: string, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'case_number', 'borrower_name', 'year', 'make', 'model', 'vin', 'status'])
    .where('company_id', '=', companyId)
    .where(orderSearchText, 'ilike', pattern)
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

import { type Kysely, sql, type Transaction } from 'kysely'
import type { OrderEdits } from '../../../domain/orders/order-edit'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

const personColumns = ['id', 'first_name', 'last_name', 'email'] as const

/** The order; `lock` holds its row to the end of the transaction (a save that checks its status). */
export function findOrder(db: Db, companyId: string, orderId: string, { lock = false } = {}) {
  const query = db
    .selectFrom('orders')
    .selectAll('orders')
    .where('orders.company_id', '=', companyId)
    .where('orders.id', '=', orderId)
  return (lock ? query.forUpdate() : query).executeTakeFirst()
}

export function findClient(db: Db, companyId: string, clientId: string | null) {
  if (!clientId) return Promise.resolve(undefined)
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'client_code', 'lienholder_name', 'display_name'])
    .where('company_id', '=', companyId)
    .where('id', '=', clientId)
    .executeTakeFirst()
}

export function findPeople(db: Db, companyId: string, profileIds: string[]) {
  if (profileIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('profiles')
    .select(personColumns)
    .where('company_id', '=', companyId)
    .where('id', 'in', profileIds)
    .execute()
}

/** The latest camera-car find of the order, with who found it. */
export function findLatestFind(db: Db, companyId: string, orderId: string) {
  return db
    .selectFrom('ccd_finds')
    .select(['driver_id', 'found_at', 'location', 'notes'])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .orderBy('found_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** The latest recovery of the order, with who recovered it. */
export function findLatestCompletion(db: Db, companyId: string, orderId: string) {
  return db
    .selectFrom('repo_completions')
    .select(['agent_id', 'completed_at'])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .orderBy('completed_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export function findSubStatusLinks(db: Db, companyId: string, caseNumber: string | null) {
  if (!caseNumber) return Promise.resolve([])
  return db
    .selectFrom('order_sub_statuses as link')
    .leftJoin('sub_statuses as status', (join) =>
      join.onRef('status.company_id', '=', 'link.company_id').onRef('status.code', '=', 'link.sub_status_code'),
    )
    .select(['link.sub_status_code', 'link.assigned_at', 'link.active', 'status.description'])
    .where('link.company_id', '=', companyId)
    .where('link.case_number', '=', caseNumber)
    .orderBy('link.assigned_at')
    .execute()
}

export async function findMarketZips(db: Db, companyId: string, zips: string[]): Promise<Map<string, string>> {
  if (zips.length === 0) return new Map()
  const rows = await db
    .selectFrom('market_zip_codes')
    .select(['zip_code', 'market'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .where('zip_code', 'in', zips)
    .execute()
  return new Map(rows.map((row) => [row.zip_code, row.market]))
}

/**
 * Writes the changed fields only if the order is still at the version the editor started from
 * (updated_at to the millisecond, the precision the browser holds); undefined when it is not.
 */
export function updateOrderIfUnchanged(
  db: Db,
  companyId: string,
  orderId: string,
  expectedUpdatedAt: Date,
  changes: OrderEdits,
) {
  return db
    .updateTable('orders')
    .set({ ...changes, updated_at: sql<Date>`date_trunc('milliseconds', now())` })
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .where(sql<Date>`date_trunc('milliseconds', updated_at)`, '=', expectedUpdatedAt)
    .returning(['id', 'updated_at', 'status'])
    .executeTakeFirst()
}

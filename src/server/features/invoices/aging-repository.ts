import { type Kysely, sql, type Transaction } from 'kysely'
import { OPEN_STATUSES } from '../../../domain/billing/invoice-status'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/** Days since sent (UTC), as the buckets read it. */
const age = sql<number>`(${sql.lit('today')}::date - sent_on)`
const owed = sql<number>`(billed_cents - paid_cents)`
const bucket = (low: number, high: number | null) =>
  sql<number>`coalesce(sum(case when ${age} >= ${sql.lit(low)}${high === null ? sql`` : sql` and ${age} <= ${sql.lit(high)}`} then ${owed} else 0 end), 0)`

/**
 * What each client owes on its open invoices, in the 0-30, 31-60, 61-90 and 90+ day buckets by
 * when each was sent: one pass of the open-invoice index (migration 029).
 */
export function agingByClient(db: Db, companyId: string) {
  return db
    .selectFrom('invoices')
    .select([
      'client_id',
      bucket(Number.MIN_SAFE_INTEGER, 30).as('days_0_30'),
      bucket(31, 60).as('days_31_60'),
      bucket(61, 90).as('days_61_90'),
      bucket(91, null).as('days_90_plus'),
      sql<number>`coalesce(sum(${owed}), 0)`.as('total'),
      (eb) => eb.fn.countAll<number>().as('invoices'),
    ])
    .where('company_id', '=', companyId)
    .where('status', 'in', OPEN_STATUSES)
    .groupBy('client_id')
    .execute()
}

export function clientNames(db: Db, companyId: string, clientIds: string[]) {
  if (clientIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'client_code'])
    .where('company_id', '=', companyId)
    .where('id', 'in', clientIds)
    .execute()
}

/** A client's open invoices, oldest sent first: its statement. */
export function openInvoicesOfClient(db: Db, companyId: string, clientId: string) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'case_label', 'vin', 'status', 'sent_on', 'billed_cents', 'paid_cents'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('status', 'in', OPEN_STATUSES)
    .orderBy('sent_on')
    .orderBy('number')
    .execute()
}

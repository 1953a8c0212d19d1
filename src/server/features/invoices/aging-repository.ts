import { type Kysely, sql, type Transaction } from 'kysely'
import { OPEN_STATUSES } from '../../../domain/billing/invoice-status'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/** The client key of invoices with no client in the aging rollup (migration 029). */
export const NO_CLIENT_KEY = '00000000-0000-0000-0000-000000000000'

/** Days from the day sent to `today` (the agency's), as the buckets read it. */
const ageOn = (today: string) => sql<number>`(${today}::date - sent_on)`
const bucket = (today: string, low: number | null, high: number | null) =>
  sql<number>`coalesce(sum(owed_cents) filter (where ${low === null ? sql`true` : sql`${ageOn(today)} >= ${sql.lit(low)}`} and ${high === null ? sql`true` : sql`${ageOn(today)} <= ${sql.lit(high)}`}), 0)`

/**
 * What each client owes on its open invoices, in the 0-30, 31-60, 61-90 and 90+ day buckets by
 * when each was sent (as of the agency's `today`): read from the rollup by client and day sent (migration 029), at most a
 * row per client and day, whatever the number of invoices.
 */
export function agingByClient(db: Db, companyId: string, today: string) {
  return db
    .selectFrom('invoice_open_days')
    .select([
      'client_key',
      bucket(today, null, 30).as('days_0_30'),
      bucket(today, 31, 60).as('days_31_60'),
      bucket(today, 61, 90).as('days_61_90'),
      bucket(today, 91, null).as('days_90_plus'),
      sql<number>`coalesce(sum(owed_cents), 0)`.as('total'),
      sql<number>`coalesce(sum(invoices), 0)`.as('invoices'),
    ])
    .where('company_id', '=', companyId)
    .groupBy('client_key')
    .having(sql<boolean>`sum(invoices) > 0`)
    .execute()
}

export function clientNames(db: Db, companyId: string, clientIds: string[]) {
  if (clientIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'client_code', 'billing_address'])
    .where('company_id', '=', companyId)
    .where('id', 'in', clientIds)
    .execute()
}

/** A client's open invoices, oldest sent first: its statement (a page of it when `page` is given). */
export function openInvoicesOfClient(
  db: Db,
  companyId: string,
  clientId: string,
  page?: { limit: number; offset: number },
) {
  const query = db
    .selectFrom('invoices')
    .select([
      'id',
      'number',
      'case_label',
      'vin',
      'debtor_name',
      'account_number',
      'lender_reference',
      'status',
      'sent_on',
      'due_on',
      'billed_cents',
      'paid_cents',
    ])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('status', 'in', OPEN_STATUSES)
    .orderBy('sent_on')
    .orderBy('number')
  return (page ? query.limit(page.limit).offset(page.offset) : query).execute()
}

/**
 * What a client owes on its open invoices, and how many there are: summed by the database from
 * the rollup by client and day sent (migration 029), whatever the number of invoices.
 */
export async function openTotalOfClient(db: Db, companyId: string, clientId: string) {
  const row = await db
    .selectFrom('invoice_open_days')
    .select([
      sql<number>`coalesce(sum(owed_cents), 0)`.as('owed'),
      sql<number>`coalesce(sum(invoices), 0)`.as('invoices'),
    ])
    .where('company_id', '=', companyId)
    .where('client_key', '=', clientId)
    .executeTakeFirstOrThrow()
  return { owedCents: Number(row.owed), invoices: Number(row.invoices) }
}

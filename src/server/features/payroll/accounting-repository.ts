import { type Kysely, sql, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { rdnCaseClient } from '../../lib/rdn-case-sql'
import type { DayRange } from './event-sources'

type Db = Kysely<DB> | Transaction<DB>

/** A case's client (by id: one row per client, migration 040 resolving an RDN case's) and market. */
export type CaseSide = { clientId: string | null; client: string; market: string }
export const NO_CLIENT = 'No client'
export const NO_MARKET = 'Unknown'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The ids of the case keys with this prefix ('order:', 'rdn:'). */
const idsOf = (caseKeys: string[], prefix: string) =>
  [...new Set(caseKeys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)))].filter((id) =>
    UUID.test(id),
  )

type CaseSideRow = { case_key: string; client_id: string | null; client: string | null; market: string | null }

/**
 * The statement of caseSides: each table read by its ids (its primary key), never by a key built
 * per row (that read every case of the company: 1,000,000 RDN cases for a year's accounting).
 */
export const caseSidesSql = (companyId: string, caseKeys: string[]) => sql<CaseSideRow>`
    select 'order:' || o.id as case_key, cl.id as client_id, cl.name as client, o.detected_market as market
      from orders o left join clients cl on cl.id = o.client_id
      where o.company_id = ${companyId} and o.id = any(${idsOf(caseKeys, 'order:')}::uuid[])
    union all
    select 'rdn:' || c.id, cl.id, cl.name, c.detected_market
      from rdn_cases c left join clients cl on cl.id = ${rdnCaseClient}
      where c.company_id = ${companyId} and c.id = any(${idsOf(caseKeys, 'rdn:')}::uuid[])`

/** Each case's client and market, by case key ('order:<id>', 'rdn:<id>'). */
export async function caseSides(db: Db, companyId: string, caseKeys: string[]): Promise<Map<string, CaseSide>> {
  const sides = new Map<string, CaseSide>()
  if (caseKeys.length === 0) return sides
  const result = await caseSidesSql(companyId, caseKeys).execute(db)
  for (const row of result.rows)
    sides.set(row.case_key, {
      clientId: row.client_id,
      client: row.client || NO_CLIENT,
      market: row.market || NO_MARKET,
    })
  return sides
}

type Amounts = { day: string; case_key: string | null; client_id: string | null; client: string | null; cents: number }

/** Invoiced: invoices sent in the range, by the day they went out. */
export const invoicedIn = (db: Db, companyId: string, range: DayRange) =>
  sql<Amounts>`select to_char(i.sent_on, 'YYYY-MM-DD') as day, i.case_key, cl.id as client_id, cl.name as client, i.billed_cents::bigint as cents
    from invoices i left join clients cl on cl.id = i.client_id
    where i.company_id = ${companyId} and i.status not in ('draft', 'rejected')
      and i.sent_on between ${range.from}::date and ${range.to}::date`
    .execute(db)
    .then((result) => result.rows)

/** Collected: payments received in the range. */
export const collectedIn = (db: Db, companyId: string, range: DayRange) =>
  sql<Amounts>`select to_char(p.received_on, 'YYYY-MM-DD') as day, i.case_key, cl.id as client_id, cl.name as client, p.amount_cents::bigint as cents
    from invoice_payments p join invoices i on i.id = p.invoice_id left join clients cl on cl.id = i.client_id
    where p.company_id = ${companyId} and p.received_on between ${range.from}::date and ${range.to}::date`
    .execute(db)
    .then((result) => result.rows)

/** Collected from debtors: redemption payments received in the range (issue 41). */
export const debtorPaymentsIn = (db: Db, companyId: string, range: DayRange) =>
  sql<Amounts>`select to_char(p.received_on, 'YYYY-MM-DD') as day, p.case_key, null as client, p.amount_cents::bigint as cents
    from redemption_payments p
    where p.company_id = ${companyId} and p.received_on between ${range.from}::date and ${range.to}::date`
    .execute(db)
    .then((result) => result.rows)

/** Vendor costs incurred in the range. */
export const vendorCostsIn = (db: Db, companyId: string, range: DayRange) =>
  sql<Amounts>`select to_char(v.incurred_on, 'YYYY-MM-DD') as day,
      case when v.order_id is not null then 'order:' || v.order_id when v.rdn_case_id is not null then 'rdn:' || v.rdn_case_id end as case_key,
      null as client_id, null as client, v.amount_cents::bigint as cents
    from vendor_costs v
    where v.company_id = ${companyId} and v.incurred_on between ${range.from}::date and ${range.to}::date`
    .execute(db)
    .then((result) => result.rows)

export async function vendorCostList(db: Db, companyId: string, range: DayRange) {
  return db
    .selectFrom('vendor_costs as v')
    .innerJoin('vendors', 'vendors.id', 'v.vendor_id')
    .select([
      'v.id',
      'vendors.name as vendor_name',
      'v.kind',
      'v.incurred_on',
      'v.amount_cents',
      'v.note',
      'v.case_label',
      'v.order_id',
      'v.rdn_case_id',
    ])
    .where('v.company_id', '=', companyId)
    .where('v.incurred_on', '>=', range.from)
    .where('v.incurred_on', '<=', range.to)
    .orderBy('v.incurred_on', 'desc')
    .orderBy('v.created_at', 'desc')
    .execute()
}

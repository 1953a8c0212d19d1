import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { rdnCaseClient } from '../../queries/rdn-case-sql'
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

/** A day's sum of one of accounting's measures. */
export type DailySum = { measure: MoneyMeasure; day: string; cents: number }
export type MoneyMeasure = 'invoicedCents' | 'collectedCents' | 'collectedFromDebtorsCents' | 'vendorCostsCents'

/**
 * One measure's amounts in a range of days: each with its case and named client (`rows`), and,
 * where those cost a join, the days and amounts alone (`days`) for the chart.
 */
export type MoneySource = {
  measure: MoneyMeasure
  rows: (companyId: string, range: DayRange) => RawBuilder<unknown>
  days?: (companyId: string, range: DayRange) => RawBuilder<unknown>
}

const inDays = (column: string, range: DayRange) =>
  sql`${sql.ref(column)} between ${range.from}::date and ${range.to}::date`

/**
 * A row of another table joined by its id, looked up once per row by its primary key: `limit 1`
 * keeps the planner from hashing the whole table (every invoice or order of the company) for a
 * few thousand rows.
 */
const byId = (lookup: RawBuilder<unknown>, alias: string) =>
  sql`left join lateral (${lookup} limit 1) ${sql.raw(alias)} on true`

/** A client's name by its id (a lookup by primary key, not a join hashed for each row). */
const clientName = (clientId: RawBuilder<unknown>) => sql`(select cl.name from clients cl where cl.id = ${clientId})`

/** Invoiced: invoices sent in the range, by the day they went out. */
const INVOICED: MoneySource = {
  measure: 'invoicedCents',
  rows: (
    companyId,
    range,
  ) => sql`select i.sent_on as day, i.case_key, i.order_id, i.rdn_case_id, i.client_id, i.billed_cents as cents
    from invoices i
    where i.company_id = ${companyId} and i.status not in ('draft', 'rejected') and ${inDays('i.sent_on', range)}`,
}
/** Collected: payments received in the range (the client named by the invoice paid). */
const COLLECTED: MoneySource = {
  measure: 'collectedCents',
  rows: (
    companyId,
    range,
  ) => sql`select p.received_on as day, i.case_key, i.order_id, i.rdn_case_id, i.client_id, p.amount_cents as cents
    from invoice_payments p
    ${byId(sql`select i.case_key, i.order_id, i.rdn_case_id, i.client_id from invoices i where i.id = p.invoice_id`, 'i')}
    where p.company_id = ${companyId} and ${inDays('p.received_on', range)}`,
  days: (companyId, range) => sql`select p.received_on as day, p.amount_cents as cents
    from invoice_payments p
    where p.company_id = ${companyId} and ${inDays('p.received_on', range)}`,
}
/** Collected from debtors: redemption payments received in the range (issue 41). */
const FROM_DEBTORS: MoneySource = {
  measure: 'collectedFromDebtorsCents',
  rows: (
    companyId,
    range,
  ) => sql`select p.received_on as day, p.case_key, p.order_id, p.rdn_case_id, null::uuid as client_id, p.amount_cents as cents
    from redemption_payments p
    where p.company_id = ${companyId} and ${inDays('p.received_on', range)}`,
}
/** Vendor costs incurred in the range. */
const VENDOR_COSTS: MoneySource = {
  measure: 'vendorCostsCents',
  rows: (companyId, range) => sql`select v.incurred_on as day,
      case when v.order_id is not null then 'order:' || v.order_id when v.rdn_case_id is not null then 'rdn:' || v.rdn_case_id end as case_key,
      v.order_id, v.rdn_case_id, null::uuid as client_id, v.amount_cents as cents
    from vendor_costs v
    where v.company_id = ${companyId} and ${inDays('v.incurred_on', range)}`,
}
export const MONEY_SOURCES = [INVOICED, COLLECTED, FROM_DEBTORS, VENDOR_COSTS]

/**
 * Each measure summed per day of a range, by the database (the chart's weeks): a few hundred
 * rows, never each invoice, payment and cost of the weeks (each read through its date's index).
 */
export async function dailySums(db: Db, companyId: string, range: DayRange): Promise<DailySum[]> {
  const result = await dailySumsSql(companyId, range).execute(db)
  return result.rows.map((row) => ({ ...row, cents: Number(row.cents) }))
}

/** The statement of dailySums. */
export const dailySumsSql = (companyId: string, range: DayRange) =>
  sql<DailySum>`${sql.join(
    MONEY_SOURCES.map(
      (
        source,
      ) => sql`(select ${sql.lit(source.measure)}::text as measure, to_char(m.day, 'YYYY-MM-DD') as day, sum(m.cents)::bigint as cents
        from (${(source.days ?? source.rows)(companyId, range)}) m group by m.day)`,
    ),
    sql` union all `,
  )}`

/**
 * One measure's amounts of a case and client in the period: the client an invoice names (`client_id`,
 * `client`), and the case's own client and market (`case_side`), read by the case's id.
 */
export type CaseAmount = {
  measure: MoneyMeasure
  case_key: string | null
  client_id: string | null
  client: string | null
  case_side: CaseSide | null
  cents: number
}

type CaseAmountRow = Omit<CaseAmount, 'case_side'> & {
  case_found: boolean
  case_client_id: string | null
  case_client: string | null
  market: string | null
}

/** The statement of caseAmountsIn for one measure: its amounts summed per case and named client, with the case's side. */
export const caseAmountsSql = (companyId: string, range: DayRange, source: MoneySource) => sql<CaseAmountRow>`select
      ${sql.lit(source.measure)}::text as measure, m.case_key,
      m.client_id, named.name as client, (o.id is not null or c.id is not null) as case_found,
      coalesce(o.client_id, c.client_id) as case_client_id, coalesce(o.client, c.client) as case_client,
      coalesce(o.detected_market, c.detected_market) as market, m.cents
    from (select a.case_key, a.order_id, a.rdn_case_id, a.client_id, sum(a.cents)::bigint as cents
      from (${source.rows(companyId, range)}) a group by a.case_key, a.order_id, a.rdn_case_id, a.client_id) m
    left join clients named on named.id = m.client_id
    ${byId(
      sql`select o.id, o.client_id, ${clientName(sql`o.client_id`)} as client, o.detected_market
        from orders o where o.id = m.order_id and o.company_id = ${companyId}`,
      'o',
    )}
    ${byId(
      sql`select c.id, ${rdnCaseClient} as client_id, ${clientName(rdnCaseClient)} as client, c.detected_market
        from rdn_cases c where c.id = m.rdn_case_id and c.company_id = ${companyId}`,
      'c',
    )}`

/**
 * The period's amounts of each measure, summed per case and named client (the table's rows come
 * from these), one statement a measure, side by side.
 */
export async function caseAmountsIn(db: Db, companyId: string, range: DayRange): Promise<CaseAmount[]> {
  const results = await Promise.all(MONEY_SOURCES.map((source) => caseAmountsSql(companyId, range, source).execute(db)))
  return results.flatMap((result) =>
    result.rows.map(({ case_found, case_client_id, case_client, market, ...row }) => ({
      ...row,
      case_side: case_found
        ? { clientId: case_client_id, client: case_client || NO_CLIENT, market: market || NO_MARKET }
        : null,
      cents: Number(row.cents),
    })),
  )
}

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

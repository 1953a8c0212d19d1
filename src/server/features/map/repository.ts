import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { DB } from '../../db/schema'
import { caseZip, orderZip } from '../../queries/case-place'

/** What the map shows of a company's cases, after the viewer's scope and the filters. */
export type CaseFilter = {
  companyId: string
  statuses: string[]
  /** Markets the cases must be in (a field manager's, or the one filtered), or null for any. */
  markets: string[] | null
  /** Orders of this recovery agent only, or null for anyone's. */
  orderAgent: string | null
  /** RDN cases of these RDN agent ids only, or null for anyone's. */
  rdnAgents: string[] | null
  clientId: string | null
  since: Date | null
  until: Date | null
  spotted: 'yes' | 'no' | null
  /** The filters exclude every case (an agent asking for another agent's, a field manager with no markets). */
  nothing: boolean
}

/** A filter that matches nothing, said once: lists that are empty never reach SQL. */
export const matchesNothing = (filter: CaseFilter) => filter.nothing || filter.markets?.length === 0

/** What the map calls a case: an order by its order number, else its case number; an RDN case by its case number, else id. */
export const orderLabel = (order: { order_number: string | null; case_number: string | null; id: string }) =>
  order.order_number || order.case_number || order.id
export const caseLabel = (row: { case_number: string | null; case_id: number }) =>
  row.case_number || String(row.case_id)

type OrderAddresses = {
  last_known_zip: string | null
  last_known_address: string | null
  last_known_city: string | null
  last_known_state: string | null
  borrower_zip: string | null
  borrower_address: string | null
  borrower_city: string | null
  borrower_state: string | null
  borrower_work_address: string | null
  borrower_work_city: string | null
  borrower_work_state: string | null
}

/** Which of an order's addresses placed it (the one whose ZIP the map used): its street, city and state. */
export function orderPlaceParts(order: OrderAddresses) {
  const hasZip = (zip: string | null) => /^[0-9]{5}/.test(zip?.trim() ?? '')
  const [street, city, state] = hasZip(order.last_known_zip)
    ? [order.last_known_address, order.last_known_city, order.last_known_state]
    : hasZip(order.borrower_zip)
      ? [order.borrower_address, order.borrower_city, order.borrower_state]
      : [order.borrower_work_address, order.borrower_work_city, order.borrower_work_state]
  return { street: street?.trim() || null, city: city?.trim() || null, state: state?.trim() || null }
}

/** The market filter: the order list counts a case with no market as 'Unknown', so does the map. */
const marketIn = (markets: string[]) =>
  markets.includes('Unknown')
    ? sql<boolean>`(detected_market in (${sql.join(markets)}) or detected_market is null or detected_market = '')`
    : sql<boolean>`detected_market in (${sql.join(markets)})`

export function filterOrders<O>(query: SelectQueryBuilder<DB, 'orders', O>, filter: CaseFilter) {
  let scoped = query.where('company_id', '=', filter.companyId)
  if (filter.statuses.length > 0) scoped = scoped.where('status', 'in', filter.statuses)
  if (filter.markets) scoped = scoped.where(marketIn(filter.markets))
  if (filter.orderAgent) scoped = scoped.where('assigned_agent_id', '=', filter.orderAgent)
  if (filter.clientId) scoped = scoped.where('client_id', '=', filter.clientId)
  if (filter.since) scoped = scoped.where('updated_at', '>=', filter.since)
  if (filter.until) scoped = scoped.where('updated_at', '<', filter.until)
  if (filter.spotted === 'yes') scoped = scoped.where('last_spotted_at', 'is not', null)
  if (filter.spotted === 'no') scoped = scoped.where('last_spotted_at', 'is', null)
  return scoped
}

/** RDN cases under the same filter; none when it asks what they cannot answer (spotted, an agent without RDN ids). */
export function filterCases<O>(query: SelectQueryBuilder<DB, 'rdn_cases', O>, filter: CaseFilter) {
  let scoped = query.where('company_id', '=', filter.companyId)
  if (filter.statuses.length > 0) scoped = scoped.where('status', 'in', filter.statuses)
  if (filter.markets) scoped = scoped.where('detected_market', 'in', filter.markets.length ? filter.markets : [''])
  if (filter.rdnAgents)
    scoped = scoped.where('assigned_agent_id', 'in', filter.rdnAgents.length ? filter.rdnAgents : [''])
  // The client a case bills (migration 040 resolves it from its lender, else lienholder, name).
  if (filter.clientId) scoped = scoped.where('client_id', '=', filter.clientId)
  if (filter.since) scoped = scoped.where('updated_at', '>=', filter.since)
  if (filter.until) scoped = scoped.where('updated_at', '<', filter.until)
  if (filter.spotted === 'yes') scoped = scoped.where(sql<boolean>`false`)
  return scoped
}

/**
 * How many cases each ZIP has (or each ZIP3 area, `digits` 3, for a wide view), by status and
 * source: what the clusters are made of, one row per place and status.
 */
export async function zipCounts(
  db: Kysely<DB>,
  filter: CaseFilter,
  digits: 3 | 5 = 5,
  onlyZips: string[] | null = null,
) {
  if (matchesNothing(filter)) return []
  const orderPlace = digits === 5 ? orderZip : sql<string>`left(${orderZip}, 3)`
  const casePlace = digits === 5 ? caseZip : sql<string>`left(${caseZip}, 3)`
  let orderQuery = filterOrders(db.selectFrom('orders'), filter)
  let caseQuery = filterCases(db.selectFrom('rdn_cases'), filter)
  // The cases with no ZIP come too (as a place of null): they are counted as not on the map.
  if (onlyZips) {
    orderQuery = orderQuery.where((eb) =>
      eb.or([eb(orderZip, '=', sql<string>`any(${onlyZips}::text[])`), eb(orderZip, 'is', null)]),
    )
    caseQuery = caseQuery.where((eb) =>
      eb.or([eb(caseZip, '=', sql<string>`any(${onlyZips}::text[])`), eb(caseZip, 'is', null)]),
    )
  }
  const [orders, cases] = await Promise.all([
    keptOrderCounts(filter)
      ? keptZipCounts(db, 'order_zip_counts', filter, digits, onlyZips)
      : orderQuery
          .select([orderPlace.as('zip'), 'status', (eb) => eb.fn.countAll<number>().as('count')])
          .groupBy([orderPlace, 'status'])
          .execute(),
    keptCaseCounts(filter)
      ? keptZipCounts(db, 'rdn_case_zip_counts', filter, digits, onlyZips)
      : caseQuery
          .select([casePlace.as('zip'), 'status', (eb) => eb.fn.countAll<number>().as('count')])
          .groupBy([casePlace, 'status'])
          .execute(),
  ])
  return [
    ...orders.map((row) => ({
      source: 'order' as const,
      zip: row.zip,
      status: row.status ?? '',
      count: Number(row.count),
    })),
    ...cases.map((row) => ({
      source: 'case' as const,
      zip: row.zip,
      status: row.status ?? '',
      count: Number(row.count),
    })),
  ]
}

/** The RDN cases' counts by place and status are kept (migration 054) for every filter but status. */
const keptCaseCounts = (filter: CaseFilter) =>
  !filter.markets && !filter.rdnAgents && !filter.clientId && !filter.since && !filter.until && filter.spotted !== 'yes'

/** The orders' counts by place and status are kept (migration 059) for every filter but status. */
const keptOrderCounts = (filter: CaseFilter) =>
  !filter.markets && !filter.orderAgent && !filter.clientId && !filter.since && !filter.until && !filter.spotted

/** zipCounts' rows of one source from its kept counts: the same rows as grouping its cases ('' a ZIP or status of none). */
function keptZipCounts(
  db: Kysely<DB>,
  table: 'rdn_case_zip_counts' | 'order_zip_counts',
  filter: CaseFilter,
  digits: 3 | 5,
  onlyZips: string[] | null,
) {
  const counted = sql<number>`sum(${sql.ref(table === 'order_zip_counts' ? 'orders' : 'cases')})`
  const place = digits === 5 ? sql<string | null>`nullif(zip, '')` : sql<string | null>`left(nullif(zip, ''), 3)`
  let query = db.selectFrom(table).where('company_id', '=', filter.companyId)
  if (filter.statuses.length > 0) query = query.where('status', 'in', filter.statuses)
  if (onlyZips)
    query = query.where((eb) => eb.or([eb('zip', '=', sql<string>`any(${onlyZips}::text[])`), eb('zip', '=', '')]))
  return query
    .select([place.as('zip'), 'status', counted.as('count')])
    .groupBy([place, 'status'])
    .having(counted, '>', 0)
    .execute()
}

/** The cases of these ZIPs, each as a pin: up to `limit` of each source, the most recently updated first. */
export async function pinsInZips(db: Kysely<DB>, filter: CaseFilter, zips: string[], limit: number) {
  if (zips.length === 0) return { orders: [], cases: [] }
  const [orders, cases] = await Promise.all([
    filterOrders(db.selectFrom('orders'), filter)
      .where(orderZip, '=', sql<string>`any(${zips}::text[])`)
      .select([
        'id',
        'order_number',
        'case_number',
        'status',
        'priority',
        'year',
        'make',
        'model',
        'borrower_name',
        'last_known_zip',
        'last_known_address',
        'last_known_city',
        'last_known_state',
        'borrower_zip',
        'borrower_address',
        'borrower_city',
        'borrower_state',
        'borrower_work_address',
        'borrower_work_city',
        'borrower_work_state',
        'updated_at',
        orderZip.as('zip'),
      ])
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute(),
    filterCases(db.selectFrom('rdn_cases'), filter)
      .where(caseZip, '=', sql<string>`any(${zips}::text[])`)
      .select([
        'case_id',
        'case_number',
        'status',
        'priority',
        'is_violent',
        'year',
        'make',
        'model',
        'debtor_name',
        'debtor_address',
        'debtor_city',
        'debtor_state',
        'updated_at',
        caseZip.as('zip'),
      ])
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute(),
  ])
  return { orders, cases }
}

export function findAgent(db: Kysely<DB>, companyId: string, profileId: string) {
  return db
    .selectFrom('profiles')
    .select(['id', 'role'])
    .where('company_id', '=', companyId)
    .where('id', '=', profileId)
    .executeTakeFirst()
}

export function findClient(db: Kysely<DB>, companyId: string, clientId: string) {
  return db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', '=', clientId)
    .executeTakeFirst()
}

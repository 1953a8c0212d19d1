import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import { ORDER_LIST_STATUSES, type OrderListQuery, UNKNOWN_MARKET } from '../../../domain/orders/order-list-query'
import { NO_CLIENT_ID } from '../../db/migrations/021-order-list'
import type { DB } from '../../db/schema'
import { orderFilters, selectOrderListRows } from '../../lib/order-filters'

/** Beyond this many matches a search, date range or person filter says "10,000+" rather than count them all. */
export const COUNT_CAP = 10_000

type Where = ReturnType<typeof orderFilters>
type Group = (eb: ExpressionBuilder<DB, 'orders'>) => Expression<SqlBool>

/** Columns the list sorts by directly: each has an index (company, column, id), migration 021. */
const COLUMN_SORTS = new Set([
  'order_date',
  'due_date',
  'case_number',
  'order_number',
  'borrower_name',
  'make',
  'vin',
  'license_plate',
])

/** Priorities lowest first ('normal' is the external cases' own, allowed on orders too). */
const PRIORITY_ORDER = ['low', 'normal', 'medium', 'high', 'critical']

/**
 * The groups a status, priority, market, client or person sort walks through, lowest first, each
 * as a condition. Every order falls in exactly one: the lists come from the same facts the
 * orders hold (fixed lists, the per-company counts, the company's people), missing values first.
 */
async function sortGroups(db: Kysely<DB>, companyId: string, sort: OrderListQuery['sort']): Promise<Group[]> {
  switch (sort) {
    case 'status':
      return [...ORDER_LIST_STATUSES].sort().map((status) => (eb) => eb('orders.status', '=', status))
    case 'priority':
      return PRIORITY_ORDER.map((priority) => (eb) => eb('orders.priority', '=', priority))
    case 'market': {
      const rows = await db
        .selectFrom('order_counts')
        .select('market')
        .distinct()
        .where('company_id', '=', companyId)
        .where('market', '<>', UNKNOWN_MARKET)
        .orderBy('market')
        .execute()
      return [
        (eb) => eb.or([eb('orders.detected_market', 'is', null), eb('orders.detected_market', '=', UNKNOWN_MARKET)]),
        ...rows.map(
          ({ market }): Group =>
            (eb) =>
              eb('orders.detected_market', '=', market),
        ),
      ]
    }
    case 'client': {
      const rows = await db
        .selectFrom('order_counts')
        .leftJoin('clients', 'clients.id', 'order_counts.client_id')
        .select(['order_counts.client_id', 'clients.name'])
        .distinct()
        .where('order_counts.company_id', '=', companyId)
        .where('order_counts.client_id', '<>', NO_CLIENT_ID)
        .orderBy('clients.name')
        .orderBy('order_counts.client_id')
        .execute()
      return [
        (eb) => eb('orders.client_id', 'is', null),
        ...rows.map(
          ({ client_id }): Group =>
            (eb) =>
              eb('orders.client_id', '=', client_id),
        ),
      ]
    }
    case 'agent':
    case 'camera_driver': {
      const column = sort === 'agent' ? 'orders.assigned_agent_id' : 'orders.assigned_camera_driver_id'
      const people = await db
        .selectFrom('profiles')
        .select('id')
        .where('company_id', '=', companyId)
        .orderBy(sql`lower(coalesce(nullif(btrim(concat_ws(' ', first_name, last_name)), ''), email))`)
        .orderBy('id')
        .execute()
      return [
        (eb) => eb(column, 'is', null),
        ...people.map(
          ({ id }): Group =>
            (eb) =>
              eb(column, '=', id),
        ),
      ]
    }
    default:
      return []
  }
}

/**
 * The ids of one page, in order. A column sort reads its index. A grouped sort (status, client,
 * person...) is one ordered read per group, merged: group after group, newest order date first
 * inside each, so the database never sorts the company's orders.
 */
async function pageIds(db: Kysely<DB>, companyId: string, query: OrderListQuery, where: Where, pageSize: number) {
  const offset = (query.page - 1) * pageSize
  if (COLUMN_SORTS.has(query.sort)) {
    const column = `orders.${query.sort}` as 'orders.order_date'
    const rows = await db
      .selectFrom('orders')
      .select('orders.id')
      .where(where)
      // Missing values sort as the lowest, matching the indexes both ways.
      .orderBy(column, (order) => (query.dir === 'asc' ? order.asc().nullsFirst() : order.desc().nullsLast()))
      .orderBy('orders.id', query.dir)
      .limit(pageSize)
      .offset(offset)
      .execute()
    return rows.map((row) => row.id)
  }
  const groups = await sortGroups(db, companyId, query.sort)
  if (query.dir === 'desc') groups.reverse()
  const [first, ...rest] = groups.map((group, rank) =>
    db
      .selectFrom('orders')
      .select(['orders.id', 'orders.order_date', sql.lit(rank).as('rank')])
      .where(where)
      .where(group),
  )
  const merged = rest.reduce((union, next) => union.unionAll(next), first)
  const rows = await db
    .selectFrom(merged.as('grouped'))
    .select('grouped.id')
    .orderBy('grouped.rank')
    .orderBy('grouped.order_date', (order) => order.desc().nullsLast())
    .orderBy('grouped.id', 'desc')
    .limit(pageSize)
    .offset(offset)
    .execute()
  return rows.map((row) => row.id)
}

/** Whether only status, priority, market and client filters are set: the per-company counts (migration 021) answer. */
const countable = (query: OrderListQuery) =>
  !query.q && !query.agent && !query.camera_driver && !query.from && !query.to && !query.due_from && !query.due_to

/** The exact total from the per-company counts, under status, priority, market and client filters. */
async function countFromFacets(db: Kysely<DB>, companyId: string, query: OrderListQuery) {
  let counts = db.selectFrom('order_counts').where('company_id', '=', companyId)
  if (query.status.length) counts = counts.where('status', 'in', query.status)
  if (query.priority.length) counts = counts.where('priority', 'in', query.priority)
  if (query.market.length) counts = counts.where('market', 'in', query.market)
  if (query.client.length) counts = counts.where('client_id', 'in', query.client)
  const row = await counts
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('orders'), sql<number>`0`).as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/** Counts matches up to the cap: exact below it, "10,000+" above. */
async function countCapped(db: Kysely<DB>, where: Where) {
  const counted = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('orders')
        .select(sql`1`.as('one'))
        .where(where)
        .limit(COUNT_CAP + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  const count = Number(counted.count)
  return { total: Math.min(count, COUNT_CAP), totalIsCapped: count > COUNT_CAP }
}

/** One page of the company's orders with the total: filtered, searched, sorted and paged in the database. */
export async function listOrders(db: Kysely<DB>, companyId: string, query: OrderListQuery, pageSize: number) {
  const where = orderFilters(companyId, query)
  let counted: { total: number; totalIsCapped: boolean }
  let ids: string[]
  if (countable(query)) {
    counted = { total: await countFromFacets(db, companyId, query), totalIsCapped: false }
    // Past the exact total there is nothing to read (and a filter nobody matches would read every order).
    const beyond = (query.page - 1) * pageSize >= counted.total
    ids = beyond ? [] : await pageIds(db, companyId, query, where, pageSize)
  } else {
    ;[counted, ids] = await Promise.all([countCapped(db, where), pageIds(db, companyId, query, where, pageSize)])
  }
  if (ids.length === 0) return { rows: [], ...counted }
  const rows = await selectOrderListRows(db)
    .where('orders.company_id', '=', companyId)
    .where('orders.id', 'in', ids)
    .execute()
  const position = new Map(ids.map((id, index) => [id, index]))
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
  return { rows, ...counted }
}

/** The choices of the list's filters: the company's clients, markets its orders are in, and its people. */
export async function listOrderFilterChoices(db: Kysely<DB>, companyId: string) {
  const [clients, markets, people] = await Promise.all([
    db
      .selectFrom('clients')
      .select(['id', 'name', 'client_code', 'active'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('market_zip_codes')
      .select('market')
      .distinct()
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .union(
        db
          .selectFrom('order_counts')
          .select('market')
          .distinct()
          .where('company_id', '=', companyId)
          .where('market', '<>', UNKNOWN_MARKET),
      )
      .execute(),
    db
      .selectFrom('profiles')
      .select(['id', 'first_name', 'last_name', 'email', 'role', 'active'])
      .where('company_id', '=', companyId)
      .orderBy('first_name')
      .orderBy('last_name')
      .execute(),
  ])
  return { clients, markets: markets.map((row) => row.market).sort(), people }
}

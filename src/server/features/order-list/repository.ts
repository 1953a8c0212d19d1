import { type Kysely, sql } from 'kysely'
import { type OrderListQuery, UNKNOWN_MARKET } from '../../../domain/orders/order-list-query'
import type { DB } from '../../db/schema'
import { containsPattern } from '../../queries/like-pattern'
import { orderFilters, orderListRowsByIds, type SearchMode } from '../../queries/order-filters'
import { columnSortPageIds, isColumnSort } from './column-pages'
import { groupedPageIds } from './grouped-pages'

/** Beyond this many matches a date range or person filter says "10,000+" rather than count them all. */
export const COUNT_CAP = 10_000

type Where = ReturnType<typeof orderFilters>

/** Whether only status, priority, market and client filters are set: the per-company counts (migration 021) answer. */
const countable = (query: OrderListQuery) =>
  !query.q && !query.agent && !query.camera_driver && !query.from && !query.to && !query.due_from && !query.due_to

/** Whether the search is the only filter. */
const searchOnly = (query: OrderListQuery) =>
  Boolean(query.q) &&
  countable({ ...query, q: undefined }) &&
  !query.status.length &&
  !query.priority.length &&
  !query.market.length &&
  !query.client.length

/**
 * A search counts its matches up to here ("2,000+" beyond): up to it, the matches are collected
 * through the search index; beyond, orders are tested as the list reads them, since the page's
 * matches come early. Counting further would read ever more of the index for a figure nobody pages to.
 */
export const SEARCH_COUNT_CAP = 2_000

/** The orders the search text finds (through the search index and the queue), at most `limit`. */
async function collectSearchMatches(db: Kysely<DB>, companyId: string, q: string, limit: number) {
  const pattern = containsPattern(q)
  const [indexed, queued] = await Promise.all([
    db
      .selectFrom('order_search')
      .select('order_id')
      .where('company_id', '=', companyId)
      .where('search_text', 'ilike', pattern)
      .limit(limit)
      .execute(),
    db
      .selectFrom('order_search_pending as pending')
      .innerJoin('orders', 'orders.id', 'pending.order_id')
      .select('pending.order_id')
      .where('pending.company_id', '=', companyId)
      .where('orders.company_id', '=', companyId)
      .where(sql<string>`order_search_text(orders)`, 'ilike', pattern)
      .limit(limit)
      .execute(),
  ])
  // An order edited while queued is in both.
  return [...new Set([...indexed, ...queued].map((row) => row.order_id))]
}

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

/** Counts matches up to the cap: exact below it, "10,000+" (or a search's "2,000+") above. */
async function countCapped(db: Kysely<DB>, where: Where, cap: number) {
  const counted = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('orders')
        .select(sql`1`.as('one'))
        .where(where)
        .limit(cap + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return capped(Number(counted.count), cap)
}

const capped = (count: number, cap: number) => ({ total: Math.min(count, cap), totalIsCapped: count > cap })

/**
 * One page of the company's orders with the total: filtered, searched, sorted and paged in the
 * database. Totals come from the per-company counts when they can (exact), else are counted up
 * to 10,000 (2,000 with a search); a search first counts its matches to choose how to read them.
 */
export async function listOrders(db: Kysely<DB>, companyId: string, query: OrderListQuery, pageSize: number) {
  let counted: { total: number; totalIsCapped: boolean } | undefined
  let search: SearchMode = 'indexed'
  if (query.q) {
    // Few matches: their ids, read once. Many: tested as the list reads orders, the first page's come early.
    const matches = await collectSearchMatches(db, companyId, query.q, SEARCH_COUNT_CAP + 1)
    search = matches.length > SEARCH_COUNT_CAP ? 'scan' : { ids: matches }
    if (searchOnly(query)) counted = capped(matches.length, SEARCH_COUNT_CAP)
  }
  const where = orderFilters(companyId, query, search)
  if (!counted && countable(query))
    counted = { total: await countFromFacets(db, companyId, query), totalIsCapped: false }
  const exactTotal = counted && !counted.totalIsCapped ? counted.total : undefined
  const scan =
    search === 'scan' && query.q
      ? { where: orderFilters(companyId, { ...query, q: undefined }), q: query.q }
      : undefined
  const read = () =>
    isColumnSort(query.sort)
      ? columnSortPageIds(db, companyId, query, where, pageSize, { exactTotal, scan })
      : groupedPageIds(db, companyId, query, where, pageSize)
  let ids: string[]
  if (counted) {
    // Past the exact total there is nothing to read (and a filter nobody matches would read every order).
    const beyond = !counted.totalIsCapped && (query.page - 1) * pageSize >= counted.total
    ids = beyond ? [] : await read()
  } else {
    const cap = query.q ? SEARCH_COUNT_CAP : COUNT_CAP
    ;[counted, ids] = await Promise.all([countCapped(db, where, cap), read()])
  }
  const rows = await orderListRowsByIds(db, companyId, ids)
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

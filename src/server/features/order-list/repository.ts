import { type Kysely, type OrderByItemBuilder, type SqlBool, sql } from 'kysely'
import { type OrderListQuery, UNKNOWN_MARKET } from '../../../domain/orders/order-list-query'
import type { DB } from '../../db/schema'
import { containsPattern } from '../../lib/like-pattern'
import { orderFilters, orderListRowsByIds, type SearchMode } from '../../lib/order-filters'
import {
  isSearchSortColumn,
  mergedSortKeys,
  orderSortKeySides,
  type SearchSortColumn,
  selectsEveryOrder,
} from '../../lib/order-sort-keys'
import { groupedPageIds } from './grouped-pages'

/** Beyond this many matches a date range or person filter says "10,000+" rather than count them all. */
export const COUNT_CAP = 10_000

type Where = ReturnType<typeof orderFilters>

/**
 * Columns the list sorts by directly: the dates and the case number by their index on `orders`
 * (company, column, id; migration 021), the other text columns by theirs on `order_search`
 * (migration 026).
 */
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

/** Where a page starts and ends, read forwards or backwards (from the far end, `fromEnd`). */
type PageWindow = { ascending: boolean; skip: number; limit: number; fromEnd: boolean }

function pageWindow(query: OrderListQuery, pageSize: number, exactTotal: number | undefined): PageWindow {
  const offset = (query.page - 1) * pageSize
  // Past the middle of an exact total, from the other end (the last page reads 50, not a million).
  const fromEnd = exactTotal !== undefined && offset > exactTotal / 2
  return {
    fromEnd,
    ascending: (query.dir === 'asc') !== fromEnd,
    limit: fromEnd ? Math.min(pageSize, (exactTotal ?? 0) - offset) : pageSize,
    skip: fromEnd ? Math.max(0, (exactTotal ?? 0) - offset - pageSize) : offset,
  }
}

/** Missing values sort as the lowest, matching the indexes both ways. */
const keyOrder = (ascending: boolean) => (order: OrderByItemBuilder) =>
  ascending ? order.asc().nullsFirst() : order.desc().nullsLast()

/**
 * The ids of one page under a column sort of `orders` (the dates, the case number): one read of
 * the column's index, forwards or backwards. `collect` sorts the matches instead of reading the
 * column's index: for a date sort under the other date's range, whose matches an index read in
 * order would reach only at the end (the two dates go together).
 */
async function columnPageIds(
  db: Kysely<DB>,
  query: OrderListQuery,
  where: Where,
  { ascending, skip, limit }: PageWindow,
  { collect = false, scan }: { collect?: boolean; scan?: { where: Where; q: string } },
) {
  const column = sql.ref(`orders.${query.sort}`)
  const ordered = db
    .selectFrom('orders')
    .where(scan ? scan.where : where)
    .orderBy(collect ? sql`${column} + 0` : column, keyOrder(ascending))
    .orderBy('orders.id', ascending ? 'asc' : 'desc')
  const rows = scan
    ? // A broad search tests orders in the list's order; OFFSET 0 keeps the planner from guessing
      // the text matches few and sorting every order instead (it has no statistics on the text).
      await db
        .selectFrom(
          ordered
            .select(['orders.id', sql<string>`order_search_text(orders)`.as('search_text')])
            .offset(0)
            .as('ordered'),
        )
        .select('ordered.id')
        .where('ordered.search_text', 'ilike', containsPattern(scan.q))
        .limit(limit)
        .offset(skip)
        .execute()
    : await ordered.select('orders.id').limit(limit).offset(skip).execute()
  return rows.map((row) => row.id)
}

/**
 * The ids of one page under a text sort whose keys are in `order_search` (migration 026): each
 * side read in order up to the page's end (the indexed side through its index), then merged.
 */
async function searchKeyedPageIds(
  db: Kysely<DB>,
  companyId: string,
  query: OrderListQuery & { sort: SearchSortColumn },
  where: Where,
  { ascending, skip, limit }: PageWindow,
  scan?: { where: Where; q: string },
) {
  const sides = orderSortKeySides(
    db,
    companyId,
    query.sort,
    scan ? scan.where : selectsEveryOrder(query) ? undefined : where,
  )
  const orderBy = ascending ? sql`keys.key asc nulls first, keys.id asc` : sql`keys.key desc nulls last, keys.id desc`
  const rows = await mergedSortKeys(db, sides, {
    orderBy,
    limit: skip + limit,
    condition: scan ? sql<SqlBool>`keys.search_text ilike ${containsPattern(scan.q)}` : undefined,
  })
    .select('keys.id')
    .orderBy(orderBy)
    .limit(limit)
    .offset(skip)
    .execute()
  return rows.map((row) => row.id)
}

/** Up to this many orders in the other date's range, a date sort collects and sorts them. */
const RANGE_COLLECT_LIMIT = 50_000

/** Whether a date sort goes under the other date's range, and the range holds few enough orders to sort. */
async function collectsRange(db: Kysely<DB>, companyId: string, query: OrderListQuery) {
  const range =
    query.sort === 'order_date' && (query.due_from || query.due_to)
      ? { due_from: query.due_from, due_to: query.due_to }
      : query.sort === 'due_date' && (query.from || query.to)
        ? { from: query.from, to: query.to }
        : undefined
  if (!range) return false
  const counted = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('orders')
        .select(sql`1`.as('one'))
        .where(orderFilters(companyId, range))
        .limit(RANGE_COLLECT_LIMIT + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(counted.count) <= RANGE_COLLECT_LIMIT
}

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
  const read = async () => {
    if (!COLUMN_SORTS.has(query.sort)) return groupedPageIds(db, companyId, query, where, pageSize)
    const window = pageWindow(query, pageSize, exactTotal)
    const sort = query.sort
    const ids = isSearchSortColumn(sort)
      ? await searchKeyedPageIds(db, companyId, { ...query, sort }, where, window, scan)
      : await columnPageIds(db, query, where, window, { collect: await collectsRange(db, companyId, query), scan })
    return window.fromEnd ? ids.reverse() : ids
  }
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

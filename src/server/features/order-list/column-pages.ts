import { type Kysely, type OrderByItemBuilder, type SqlBool, sql } from 'kysely'
import type { OrderListQuery, OrderSortColumn } from '../../../domain/orders/order-list-query'
import type { DB } from '../../db/schema'
import { containsPattern } from '../../queries/like-pattern'
import { orderFilters } from '../../queries/order-filters'
import {
  isSearchSortColumn,
  mergedSortKeys,
  orderSortKeySides,
  type SearchSortColumn,
  selectsEveryOrder,
} from '../../queries/order-sort-keys'

// The Orders list's column sorts (dates, case number, and the text columns whose keys are in
// order_search), each page read from an index; grouped sorts are in grouped-pages.ts.

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

/** Whether the list sorts by this column directly (not by groups). */
export const isColumnSort = (sort: OrderSortColumn) => COLUMN_SORTS.has(sort)

/**
 * The ids of one page under a column sort, in the list's order. `scan`: a broad search, tested
 * as the orders are read.
 */
export async function columnSortPageIds(
  db: Kysely<DB>,
  companyId: string,
  query: OrderListQuery,
  where: Where,
  pageSize: number,
  { exactTotal, scan }: { exactTotal: number | undefined; scan: { where: Where; q: string } | undefined },
) {
  const window = pageWindow(query, pageSize, exactTotal)
  const sort = query.sort
  const ids = isSearchSortColumn(sort)
    ? await searchKeyedPageIds(db, companyId, { ...query, sort }, where, window, scan)
    : await columnPageIds(db, query, where, window, { collect: await collectsRange(db, companyId, query), scan })
  return window.fromEnd ? ids.reverse() : ids
}

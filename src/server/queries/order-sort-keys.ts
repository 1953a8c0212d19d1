import { type AliasedSelectQueryBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely'
import type { OrderListFilters, OrderSortColumn } from '../../domain/orders/order-list-query'
import { SEARCH_SORT_COLUMNS } from '../db/migrations/026-order-sort-keys'
import type { DB } from '../db/schema'
import type { orderFilters } from './order-filters'

export type SearchSortColumn = (typeof SEARCH_SORT_COLUMNS)[number]

/** What each side of `orderSortKeySides` selects. */
type SortKeyRow = { id: string; key: string | null; search_text: string }

/** Whether a sort's keys live in `order_search` (migration 026) rather than on `orders`. */
export const isSearchSortColumn = (sort: OrderSortColumn): sort is SearchSortColumn =>
  (SEARCH_SORT_COLUMNS as readonly string[]).includes(sort)

/**
 * The two sides a text sort reads its keys from, each selecting (id, key, search_text) of the
 * orders `where` selects (every order of the company without it): the indexed orders from
 * `order_search`, whose index gives them in order; and those the indexer has not reached yet, from
 * the order itself (few, sorted on the spot). An order is on exactly one side (migration 026).
 *
 * Read each side in order with its own LIMIT, then merge: PostgreSQL does not read an index in
 * order under a UNION ALL of the two as a whole.
 */
export function orderSortKeySides(
  db: Kysely<DB>,
  companyId: string,
  column: SearchSortColumn,
  where?: ReturnType<typeof orderFilters>,
) {
  const indexed = db
    .selectFrom('order_search as keyed')
    .where('keyed.company_id', '=', companyId)
    .$if(where !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('orders')
            .select(sql`1`.as('one'))
            .whereRef('orders.id', '=', 'keyed.order_id')
            .where(where as NonNullable<typeof where>),
        ),
      ),
    )
    .select([
      'keyed.order_id as id',
      sql.ref<string | null>(`keyed.${column}`).as('key'),
      'keyed.search_text as search_text',
    ])
  const queued = db
    .selectFrom('order_search_pending as pending')
    .innerJoin('orders', 'orders.id', 'pending.order_id')
    .where('pending.company_id', '=', companyId)
    .where(where ?? ((eb) => eb('orders.company_id', '=', companyId)))
    .select([
      'pending.order_id as id',
      sql.ref<string | null>(`orders.${column}`).as('key'),
      sql<string>`order_search_text(orders)`.as('search_text'),
    ])
  return [indexed, queued] as const
}

/**
 * Both sides merged as `keys` (id, key), each read in `orderBy` (over `keys.key`, `keys.id`) up to
 * `limit` rows that meet `condition`: the caller orders the merge the same way and takes from it
 * at most `limit` rows (an OFFSET included).
 */
export function mergedSortKeys(
  db: Kysely<DB>,
  sides: ReturnType<typeof orderSortKeySides>,
  { orderBy, limit, condition }: { orderBy: RawBuilder<unknown>; limit: number; condition?: RawBuilder<SqlBool> },
) {
  const inOrder = (keys: AliasedSelectQueryBuilder<SortKeyRow, 'keys'>, alias: 'indexed' | 'queued') =>
    db
      .selectFrom(
        db
          .selectFrom(keys)
          .select(['keys.id', 'keys.key'])
          .$if(condition !== undefined, (qb) => qb.where(() => condition as RawBuilder<SqlBool>))
          .orderBy(orderBy)
          .limit(limit)
          .as(alias),
      )
      .selectAll()
  return db.selectFrom(
    inOrder(sides[0].as('keys'), 'indexed')
      .unionAll(inOrder(sides[1].as('keys'), 'queued'))
      .as('keys'),
  )
}

/** Whether no filter is set: every order of the company is listed. */
export const selectsEveryOrder = (query: OrderListFilters) =>
  !query.q &&
  !query.status?.length &&
  !query.priority?.length &&
  !query.client?.length &&
  !query.market?.length &&
  !query.agent &&
  !query.camera_driver &&
  !query.from &&
  !query.to &&
  !query.due_from &&
  !query.due_to

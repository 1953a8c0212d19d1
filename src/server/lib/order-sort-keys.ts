import { type Kysely, sql } from 'kysely'
import type { OrderListFilters, OrderSortColumn } from '../../domain/orders/order-list-query'
import { SEARCH_SORT_COLUMNS } from '../db/migrations/026-order-sort-keys'
import type { DB } from '../db/schema'

export type SearchSortColumn = (typeof SEARCH_SORT_COLUMNS)[number]

/** Whether a sort's keys live in `order_search` (migration 026) rather than on `orders`. */
export const isSearchSortColumn = (sort: OrderSortColumn): sort is SearchSortColumn =>
  (SEARCH_SORT_COLUMNS as readonly string[]).includes(sort)

/**
 * Every order of the company with its key for a text sort, as (id, key): the indexed ones from
 * `order_search` (read in order from its index), those the indexer has not reached yet from the
 * order itself (few, sorted on the spot). An order is in exactly one of the two (migration 026).
 */
export function orderSortKeys(db: Kysely<DB>, companyId: string, column: SearchSortColumn) {
  return db
    .selectFrom('order_search')
    .select(['order_search.order_id as id', sql.ref<string | null>(`order_search.${column}`).as('key')])
    .where('order_search.company_id', '=', companyId)
    .unionAll(
      db
        .selectFrom('order_search_pending as pending')
        .innerJoin('orders as queued', 'queued.id', 'pending.order_id')
        .select(['pending.order_id as id', sql.ref<string | null>(`queued.${column}`).as('key')])
        .where('pending.company_id', '=', companyId)
        .where('queued.company_id', '=', companyId),
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

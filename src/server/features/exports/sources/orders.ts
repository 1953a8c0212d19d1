import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import type { OrderListQuery, OrderSortColumn } from '../../../../domain/orders/order-list-query'
import type { DB } from '../../../db/schema'
import { orderFilters, orderListRowsByIds, selectOrderListRows } from '../../../queries/order-filters'
import { orderSortGroups } from '../../../queries/order-sort-groups'
import {
  isSearchSortColumn,
  mergedSortKeys,
  orderSortKeySides,
  type SearchSortColumn,
} from '../../../queries/order-sort-keys'
import { concatBatches, EXPORT_KEYS, type KeyType, mapBatches, sortedBatches } from '../keyset'

/** The sorts by a column of the order itself, with its SQL type and whether it can be missing; the others are grouped. */
const COLUMN_SORTS: Partial<Record<OrderSortColumn, { column: string; type: KeyType; nullable: boolean }>> = {
  order_date: { column: 'order_date', type: 'date', nullable: true },
  due_date: { column: 'due_date', type: 'date', nullable: true },
  case_number: { column: 'case_number', type: 'text', nullable: true },
  order_number: { column: 'order_number', type: 'text', nullable: false },
  borrower_name: { column: 'borrower_name', type: 'text', nullable: true },
  make: { column: 'make', type: 'text', nullable: true },
  vin: { column: 'vin', type: 'text', nullable: true },
  license_plate: { column: 'license_plate', type: 'text', nullable: true },
}

/** A condition on the order besides the list's filters, and the list's rows under both. */
type Extra = (eb: ExpressionBuilder<DB, 'orders'>) => Expression<SqlBool>
type RowsWhere = (extra: Extra) => ReturnType<typeof selectOrderListRows>

/**
 * The Orders list's rows for its filters, in its order, in keyset batches. A search tests each
 * order as it is read (the list's 'scan' mode): an export reads every match anyway, so one pass
 * beats collecting a million matches for each batch.
 */
export function orderListBatches(db: Kysely<DB>, companyId: string, query: OrderListQuery, batchSize: number) {
  const where = orderFilters(companyId, query, 'scan')
  const rows: RowsWhere = (extra) => selectOrderListRows(db).where(where).where(extra)
  const bySort = COLUMN_SORTS[query.sort]
  if (!bySort) return groupedBatches(db, companyId, query, batchSize, rows)
  if (isSearchSortColumn(query.sort)) {
    return searchKeyedBatches(db, companyId, query, batchSize, { where, nullable: bySort.nullable, sort: query.sort })
  }
  return sortedBatches({
    sort: { expression: sql.ref(`orders.${bySort.column}`), type: bySort.type },
    id: { expression: sql.ref('orders.id'), type: 'uuid' },
    dir: query.dir,
    nullsFirst: query.dir === 'asc',
    nullable: bySort.nullable,
    batchSize,
    page: ({ after, orderBy, keys, limit }, part) =>
      rows((eb) => eb.and([part, ...(after ? [after] : [])]))
        .select(keys.as(EXPORT_KEYS))
        .orderBy(orderBy)
        .limit(limit)
        .execute(),
  })
}

/**
 * A sort whose keys live in `order_search` (migration 026): the ids read in keyset batches from
 * both sides (each in order, as the list reads them), then each batch's rows by id.
 */
function searchKeyedBatches(
  db: Kysely<DB>,
  companyId: string,
  query: OrderListQuery,
  batchSize: number,
  { where, nullable, sort }: { where: ReturnType<typeof orderFilters>; nullable: boolean; sort: SearchSortColumn },
) {
  const sides = orderSortKeySides(db, companyId, sort, where)
  const ids = sortedBatches({
    sort: { expression: sql.ref('keys.key'), type: 'text' },
    id: { expression: sql.ref('keys.id'), type: 'uuid' },
    dir: query.dir,
    nullsFirst: query.dir === 'asc',
    nullable,
    batchSize,
    page: ({ after, orderBy, keys, limit }, part) =>
      mergedSortKeys(db, sides, { orderBy, limit, condition: sql<SqlBool>`${part} and ${after ?? sql`true`}` })
        .select(['keys.id', keys.as(EXPORT_KEYS)])
        .orderBy(orderBy)
        .limit(limit)
        .execute(),
  })
  return mapBatches(ids, (batch) =>
    orderListRowsByIds(
      db,
      companyId,
      batch.map((row) => row.id),
    ),
  )
}

/**
 * A sort by status, priority, market, client, agent or camera driver: the list's own groups in
 * its order (orderSortGroups), and inside each, as the list, the newest order date first.
 */
async function* groupedBatches(
  db: Kysely<DB>,
  companyId: string,
  query: OrderListQuery,
  batchSize: number,
  rows: RowsWhere,
) {
  const groups = await orderSortGroups(db, companyId, query)
  yield* concatBatches(
    ...groups.map(
      (group) => () =>
        sortedBatches({
          sort: { expression: sql.ref('orders.order_date'), type: 'date' },
          id: { expression: sql.ref('orders.id'), type: 'uuid' },
          dir: 'desc',
          nullsFirst: false,
          batchSize,
          page: ({ after, orderBy, keys, limit }, part) =>
            rows((eb) => eb.and([group(eb), part, ...(after ? [after] : [])]))
              .select(keys.as(EXPORT_KEYS))
              .orderBy(orderBy)
              .limit(limit)
              .execute(),
        }),
    ),
  )
}

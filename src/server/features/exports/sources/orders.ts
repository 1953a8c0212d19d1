import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import type { OrderListQuery, OrderSortColumn } from '../../../../domain/orders/order-list-query'
import { displayName } from '../../../../domain/profiles/display'
import type { DB } from '../../../db/schema'
import { orderFilters, selectOrderListRows } from '../../../lib/order-filters'
import { concatBatches, EXPORT_KEYS, type KeyType, keysetBatches, sortedBatches } from '../keyset'

/** The sorts that are a column of the order itself, with its SQL type and whether it can be missing. */
const COLUMN_SORTS: Partial<Record<OrderSortColumn, { column: string; type: KeyType; nullable: boolean }>> = {
  order_date: { column: 'order_date', type: 'date', nullable: true },
  due_date: { column: 'due_date', type: 'date', nullable: true },
  case_number: { column: 'case_number', type: 'text', nullable: true },
  order_number: { column: 'order_number', type: 'text', nullable: false },
  borrower_name: { column: 'borrower_name', type: 'text', nullable: true },
  make: { column: 'make', type: 'text', nullable: true },
  vin: { column: 'vin', type: 'text', nullable: true },
  license_plate: { column: 'license_plate', type: 'text', nullable: true },
  status: { column: 'status', type: 'text', nullable: false },
  priority: { column: 'priority', type: 'text', nullable: false },
  market: { column: 'detected_market', type: 'text', nullable: true },
}

/** A condition on the order besides the list's filters, and the list's rows under both. */
type Extra = (eb: ExpressionBuilder<DB, 'orders'>) => Expression<SqlBool>
type RowsWhere = (extra: Extra) => ReturnType<typeof selectOrderListRows>

/** The sorts by a name the order points at: the column holding the id. */
const GROUP_SORTS = {
  client: 'client_id',
  agent: 'assigned_agent_id',
  camera_driver: 'assigned_camera_driver_id',
} as const

/**
 * The Orders list's rows for its filters, in keyset batches. A search tests each order as it is
 * read (the list's 'scan' mode): an export reads every match anyway, so one pass beats collecting
 * a million matches for each batch.
 */
export function orderListBatches(db: Kysely<DB>, companyId: string, query: OrderListQuery, batchSize: number) {
  const where = orderFilters(companyId, query, 'scan')
  const rows: RowsWhere = (extra) => selectOrderListRows(db).where(where).where(extra)
  const bySort = COLUMN_SORTS[query.sort]
  if (bySort) {
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
  return groupedBatches(db, companyId, query, batchSize, rows)
}

/**
 * A sort by client, agent or camera driver name: the company's clients or people in name order,
 * and each one's orders by id, one keyset walk per group (orders with nobody come first ascending,
 * last descending, as the list puts missing values).
 */
async function* groupedBatches(
  db: Kysely<DB>,
  companyId: string,
  query: OrderListQuery,
  batchSize: number,
  rows: RowsWhere,
) {
  const sort = query.sort as keyof typeof GROUP_SORTS
  const column = GROUP_SORTS[sort]
  const named = sort === 'client' ? await clientsByName(db, companyId) : await peopleByName(db, companyId)
  const groups: (string | null)[] = query.dir === 'asc' ? [null, ...named] : [...named.reverse(), null]
  yield* concatBatches(...groups.map((id) => () => walkGroup(rows, column, id, query.dir, batchSize)))
}

function walkGroup(
  rows: (
    extra: (
      eb: import('kysely').ExpressionBuilder<DB, 'orders'>,
    ) => import('kysely').Expression<import('kysely').SqlBool>,
  ) => ReturnType<typeof selectOrderListRows>,
  column: (typeof GROUP_SORTS)[keyof typeof GROUP_SORTS],
  id: string | null,
  dir: 'asc' | 'desc',
  batchSize: number,
) {
  return keysetBatches({
    keys: [{ expression: sql.ref('orders.id'), type: 'uuid' }],
    dir,
    batchSize,
    page: ({ after, orderBy, keys, limit }) =>
      rows((eb) =>
        eb.and([
          id === null ? eb(`orders.${column}`, 'is', null) : eb(`orders.${column}`, '=', id),
          ...(after ? [after] : []),
        ]),
      )
        .select(keys.as(EXPORT_KEYS))
        .orderBy(orderBy)
        .limit(limit)
        .execute(),
  })
}

async function clientsByName(db: Kysely<DB>, companyId: string) {
  const clients = await db
    .selectFrom('clients')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('name')
    .orderBy('id')
    .execute()
  return clients.map((client) => client.id)
}

async function peopleByName(db: Kysely<DB>, companyId: string) {
  const people = await db
    .selectFrom('profiles')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('company_id', '=', companyId)
    .execute()
  return people
    .map((person) => ({ id: person.id, name: displayName(person).toLowerCase() }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map((person) => person.id)
}

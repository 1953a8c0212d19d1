import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import {
  ORDER_LIST_COLUMNS,
  type OrderListFilters,
  UNASSIGNED,
  UNKNOWN_MARKET,
} from '../../domain/orders/order-list-query'
import type { DB } from '../db/schema'
import { containsPattern } from './like-pattern'

export { ORDER_LIST_COLUMNS }

/** A person's name as lists show it (and their sorts order it): first and last name, else the e-mail. */
export const personDisplayName = (alias: string) =>
  sql<string | null>`coalesce(nullif(btrim(concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(
    `${alias}.last_name`,
  )})), ''), ${sql.ref(`${alias}.email`)})`

/**
 * The orders the search text finds: those in the search index (migration 012, trigram-indexed)
 * and those the background indexer has not reached yet, read directly, so a new order is found
 * at once. One IN over a UNION: the planner hashes the matches and fetches those orders by key.
 * (The text holds the order and case numbers, borrower, make, model, VIN and plate.)
 */
export function searchedOrderIds(eb: ExpressionBuilder<DB, 'orders'>, companyId: string, q: string) {
  return ordersMatchingPattern(eb, companyId, containsPattern(q))
}

/** searchedOrderIds for an ILIKE pattern already made (the global search makes its own). */
export function ordersMatchingPattern(eb: ExpressionBuilder<DB, 'orders'>, companyId: string, pattern: string) {
  return eb
    .selectFrom('order_search')
    .select('order_search.order_id')
    .where('order_search.company_id', '=', companyId)
    .where('order_search.search_text', 'ilike', pattern)
    .union(
      eb
        .selectFrom('order_search_pending as pending')
        .innerJoin('orders as pending_order', 'pending_order.id', 'pending.order_id')
        .select('pending.order_id')
        .where('pending.company_id', '=', companyId)
        .where(sql<string>`order_search_text(pending_order)`, 'ilike', pattern),
    )
}

/** One person filter: a person's id, or 'unassigned' for nobody. */
const personFilter = (
  eb: ExpressionBuilder<DB, 'orders'>,
  column: 'orders.assigned_agent_id' | 'orders.assigned_camera_driver_id',
  value: string,
) => (value === UNASSIGNED ? eb(column, 'is', null) : eb(column, '=', value))

/**
 * How the search text is matched: 'indexed' collects the matches through the search index (best
 * when they are few); 'scan' tests each order read in the list's order (best when they are many,
 * as the first page's matches come early); or the matches' ids, collected already. All find the
 * same orders.
 */
export type SearchMode = 'indexed' | 'scan' | { ids: readonly string[] }

/**
 * The Orders list's filters as one WHERE, always inside the company: statuses, priorities,
 * clients and markets ('Unknown': no market) each any of those chosen; an agent and a camera
 * driver (or 'unassigned'); inclusive order-date and due-date ranges; a search over case and
 * order number, borrower, make, model, VIN and plate. The list, its total and its export all
 * select through this one function, so they cannot disagree.
 */
export function orderFilters(companyId: string, query: OrderListFilters, search: SearchMode = 'indexed') {
  return (eb: ExpressionBuilder<DB, 'orders'>) => {
    const conditions: Expression<SqlBool>[] = [eb('orders.company_id', '=', companyId)]
    if (query.status?.length) conditions.push(eb('orders.status', 'in', query.status))
    if (query.priority?.length) conditions.push(eb('orders.priority', 'in', query.priority))
    if (query.client?.length) conditions.push(eb('orders.client_id', 'in', query.client))
    if (query.market?.length) {
      // Named markets and 'Unknown' (none) kept as column tests, so the column's statistics apply.
      const named = query.market.filter((market) => market !== UNKNOWN_MARKET)
      const either = named.length ? [eb('orders.detected_market', 'in', named)] : []
      if (named.length < query.market.length) {
        either.push(eb('orders.detected_market', 'is', null), eb('orders.detected_market', '=', UNKNOWN_MARKET))
      }
      conditions.push(eb.or(either))
    }
    if (query.agent) conditions.push(personFilter(eb, 'orders.assigned_agent_id', query.agent))
    if (query.camera_driver) conditions.push(personFilter(eb, 'orders.assigned_camera_driver_id', query.camera_driver))
    if (query.from) conditions.push(eb('orders.order_date', '>=', query.from))
    if (query.to) conditions.push(eb('orders.order_date', '<=', query.to))
    if (query.due_from) conditions.push(eb('orders.due_date', '>=', query.due_from))
    if (query.due_to) conditions.push(eb('orders.due_date', '<=', query.due_to))
    if (query.q) {
      if (search === 'indexed') conditions.push(eb('orders.id', 'in', searchedOrderIds(eb, companyId, query.q)))
      else if (search === 'scan')
        conditions.push(eb(sql<string>`order_search_text(orders)`, 'ilike', containsPattern(query.q)))
      else conditions.push(search.ids.length ? eb('orders.id', 'in', search.ids) : sql<SqlBool>`false`)
    }
    return eb.and(conditions)
  }
}

/**
 * The list's rows with their client and people joined: every field ORDER_LIST_COLUMNS names
 * (the vehicle as year, make and model), plus ids. Add `.where(orderFilters(...))` and an order.
 */
export function selectOrderListRows(db: Kysely<DB>) {
  return db
    .selectFrom('orders')
    .leftJoin('clients as client', (join) =>
      join.onRef('client.id', '=', 'orders.client_id').onRef('client.company_id', '=', 'orders.company_id'),
    )
    .leftJoin('profiles as agent', (join) =>
      join.onRef('agent.id', '=', 'orders.assigned_agent_id').onRef('agent.company_id', '=', 'orders.company_id'),
    )
    .leftJoin('profiles as camera_driver', (join) =>
      join
        .onRef('camera_driver.id', '=', 'orders.assigned_camera_driver_id')
        .onRef('camera_driver.company_id', '=', 'orders.company_id'),
    )
    .select([
      'orders.id',
      'orders.case_number',
      'orders.order_number',
      'orders.borrower_name',
      'orders.year',
      'orders.make',
      'orders.model',
      'orders.vin',
      'orders.license_plate',
      'orders.status',
      'orders.priority',
      'orders.client_id',
      'client.name as client_name',
      'client.client_code',
      'orders.detected_market',
      'orders.assigned_agent_id',
      personDisplayName('agent').as('agent_name'),
      'orders.assigned_camera_driver_id',
      personDisplayName('camera_driver').as('camera_driver_name'),
      'orders.order_date',
      'orders.due_date',
      'orders.updated_at',
    ])
}

/** The list's rows of these orders of the company, in the order of `ids`. */
export async function orderListRowsByIds(db: Kysely<DB>, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return []
  const rows = await selectOrderListRows(db)
    .where('orders.company_id', '=', companyId)
    .where('orders.id', 'in', ids)
    .execute()
  const position = new Map(ids.map((id, index) => [id, index]))
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
}

export type OrderListRow = Awaited<ReturnType<ReturnType<typeof selectOrderListRows>['execute']>>[number]

import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import { type OrderListQuery, UNKNOWN_MARKET } from '../../domain/orders/order-list-query'
import { ORDER_STATUSES } from '../../domain/orders/order-work'
import { NO_CLIENT_ID } from '../db/migrations/021-order-list'
import type { DB } from '../db/schema'
import { personDisplayName } from './order-filters'

// The Orders list's grouped sorts (status, priority, market, client, agent, camera driver): the
// list pages through them group by group, and its export walks the same groups.

export type OrderSortGroup = (eb: ExpressionBuilder<DB, 'orders'>) => Expression<SqlBool>

/** Priorities lowest first ('normal' is the external cases' own, allowed on orders too). */
const PRIORITY_ORDER = ['low', 'normal', 'medium', 'high', 'critical']

/**
 * The groups a status, priority, market, client or person sort walks through, in the sort's
 * direction (ascending: lowest first, missing values first), each as a condition. Every order
 * falls in exactly one: the lists come from the same facts the orders hold (fixed lists, the
 * per-company counts, the company's people).
 */
export async function orderSortGroups(
  db: Kysely<DB>,
  companyId: string,
  { sort, dir }: Pick<OrderListQuery, 'sort' | 'dir'>,
): Promise<OrderSortGroup[]> {
  const groups = await ascendingGroups(db, companyId, sort)
  return dir === 'desc' ? groups.reverse() : groups
}

async function ascendingGroups(
  db: Kysely<DB>,
  companyId: string,
  sort: OrderListQuery['sort'],
): Promise<OrderSortGroup[]> {
  switch (sort) {
    case 'status':
      return [...ORDER_STATUSES].sort().map((status) => (eb) => eb('orders.status', '=', status))
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
          ({ market }): OrderSortGroup =>
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
          ({ client_id }): OrderSortGroup =>
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
        // Only people with such orders: a group per person without any would cost a query each.
        .where((eb) => eb.exists(eb.selectFrom('orders').select(sql`1`.as('one')).whereRef(column, '=', 'profiles.id')))
        .orderBy(sql`lower(${personDisplayName('profiles')})`)
        .orderBy('id')
        .execute()
      return [
        (eb) => eb(column, 'is', null),
        ...people.map(
          ({ id }): OrderSortGroup =>
            (eb) =>
              eb(column, '=', id),
        ),
      ]
    }
    default:
      return []
  }
}

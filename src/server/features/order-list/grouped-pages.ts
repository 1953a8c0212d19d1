import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import { ORDER_LIST_STATUSES, type OrderListQuery, UNKNOWN_MARKET } from '../../../domain/orders/order-list-query'
import { NO_CLIENT_ID } from '../../db/migrations/021-order-list'
import type { DB } from '../../db/schema'
import type { orderFilters } from '../../lib/order-filters'

// The Orders list's grouped sorts (status, priority, market, client, agent, camera driver), read
// group by group so the database never sorts the company's orders.

type Where = ReturnType<typeof orderFilters>
type Group = (eb: ExpressionBuilder<DB, 'orders'>) => Expression<SqlBool>

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

/** How many of the orders matching `where` fall in each group, each count stopped at `cap`. */
async function groupCounts(db: Kysely<DB>, where: Where, groups: Group[], cap: number) {
  const [first, ...rest] = groups.map((group, rank) =>
    db
      .selectFrom((qb) =>
        qb.selectFrom('orders').select(sql`1`.as('one')).where(where).where(group).limit(cap).as('hits'),
      )
      .select([sql<number>`${sql.lit(rank)}`.as('rank'), (eb) => eb.fn.countAll<number>().as('count')]),
  )
  const rows = await rest.reduce((union, next) => union.unionAll(next), first).execute()
  const counts = new Array<number>(groups.length).fill(0)
  for (const row of rows) counts[Number(row.rank)] = Number(row.count)
  return counts
}

/**
 * The ids of one page under a grouped sort (status, priority, market, client, agent, camera
 * driver): the groups in order, newest order date first inside each. Groups before the page are
 * skipped by counting them (each count stopped where the page begins), and the page is read from
 * the one or two groups it falls in, each an index read; so nothing sorts the company's orders.
 */
export async function groupedPageIds(
  db: Kysely<DB>,
  companyId: string,
  query: OrderListQuery,
  where: Where,
  pageSize: number,
) {
  const groups = await sortGroups(db, companyId, query.sort)
  if (query.dir === 'desc') groups.reverse()
  let skip = (query.page - 1) * pageSize
  const ids: string[] = []
  // Most pages lie in the first group or two: count a few groups first, then more at a time.
  for (let start = 0, size = 2; start < groups.length && ids.length < pageSize; start += size, size *= 2) {
    const chunk = groups.slice(start, start + size)
    const counts = await groupCounts(db, where, chunk, skip + pageSize - ids.length)
    for (const [index, group] of chunk.entries()) {
      if (ids.length >= pageSize) break
      if (counts[index] <= skip) {
        skip -= counts[index]
        continue
      }
      const rows = await db
        .selectFrom('orders')
        .select('orders.id')
        .where(where)
        .where(group)
        .orderBy('orders.order_date', (order) => order.desc().nullsLast())
        .orderBy('orders.id', 'desc')
        .limit(pageSize - ids.length)
        .offset(skip)
        .execute()
      skip = 0
      ids.push(...rows.map((row) => row.id))
    }
  }
  return ids
}

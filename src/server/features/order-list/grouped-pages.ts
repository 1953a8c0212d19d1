import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { OrderListQuery } from '../../../domain/orders/order-list-query'
import type { DB } from '../../db/schema'
import type { orderFilters } from '../../queries/order-filters'
import { type OrderSortGroup, orderSortGroups } from '../../queries/order-sort-groups'

// The Orders list's grouped sorts (status, priority, market, client, agent, camera driver), read
// group by group so the database never sorts the company's orders.

type Where = ReturnType<typeof orderFilters>

/** How many of the orders matching `where` fall in each group, each count stopped at `cap`. */
async function groupCounts(db: Kysely<DB>, where: Where, groups: OrderSortGroup[], cap: number) {
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
  const groups = await orderSortGroups(db, companyId, query)
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

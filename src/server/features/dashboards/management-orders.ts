import { type Kysely, sql } from 'kysely'
import { FINISHED_STATUSES, STALE_AFTER_HOURS } from '../../../domain/dashboards/work-statuses'
import type { DB } from '../../db/schema'
import { OPEN_WORK, orderRecoveredOn } from '../../queries/agent-work-sql'

// Issue 41: the management dashboard counts the company's own orders beside its RDN cases (as
// invoices and payroll do). Totals by status, market and client come from the per-status counts
// (migration 021); repossessions from the orders' recovery-date index (migration 044).

type Range = { from: string; to: string }

/** The company's orders per status (from the per-status counts). */
async function ordersByStatus(db: Kysely<DB>, companyId: string, statuses: readonly string[], unfinished = false) {
  let counts = db.selectFrom('order_counts').where('company_id', '=', companyId)
  if (statuses.length) counts = counts.where('status', 'in', [...statuses])
  if (unfinished) counts = counts.where('status', 'not in', FINISHED_STATUSES)
  const row = await counts.select(sql<string>`coalesce(sum(orders), 0)`.as('count')).executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Orders repossessed on days in the range (their repossession day, agent-work-sql). */
async function ordersRepossessed(db: Kysely<DB>, companyId: string, range: Range) {
  const row = await db
    .selectFrom('orders as o')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('o.company_id', '=', companyId)
    .where(orderRecoveredOn('o'), '>=', range.from)
    .where(orderRecoveredOn('o'), '<=', range.to)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** How many unfinished orders were touched in the last 48 hours: counted from an index alone (migration 057). */
export const freshUnfinishedOrders = (db: Kysely<DB>, companyId: string) =>
  db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .where('updated_at', '>=', sql<Date>`now() - ${sql.lit(`${STALE_AFTER_HOURS} hours`)}::interval`)
    .where('status', 'not in', FINISHED_STATUSES)

/** Unfinished orders nobody has touched for 48 hours: the unfinished total less those updated since. */
async function staleOrders(db: Kysely<DB>, companyId: string) {
  const [unfinished, fresh] = await Promise.all([
    ordersByStatus(db, companyId, [], true),
    freshUnfinishedOrders(db, companyId).executeTakeFirstOrThrow(),
  ])
  return unfinished - Number(fresh.count)
}

/** The dashboard's figures over the company's orders. */
export async function orderFigures(db: Kysely<DB>, companyId: string, week: Range, month: Range) {
  const [open, repossessedWeek, repossessedMonth, closed, onHold, stale] = await Promise.all([
    ordersByStatus(db, companyId, OPEN_WORK),
    ordersRepossessed(db, companyId, week),
    ordersRepossessed(db, companyId, month),
    ordersByStatus(db, companyId, ['Closed']),
    ordersByStatus(db, companyId, ['On Hold']),
    staleOrders(db, companyId),
  ])
  return { open, repossessedWeek, repossessedMonth, closed, onHold, stale }
}

/** Orders repossessed per day and market in the range. */
export async function orderRepossessionsByDay(db: Kysely<DB>, companyId: string, range: Range) {
  const day = orderRecoveredOn('o')
  const rows = await db
    .selectFrom('orders as o')
    .select((eb) => [
      sql<string>`to_char(${day}, 'YYYY-MM-DD')`.as('day'),
      sql<string>`coalesce(o.detected_market, 'Unknown')`.as('market'),
      eb.fn.countAll<string>().as('count'),
    ])
    .where('o.company_id', '=', companyId)
    .where(day, '>=', range.from)
    .where(day, '<=', range.to)
    .groupBy([day, 'o.detected_market'])
    .execute()
  return rows.map((row) => ({ day: row.day, market: row.market, count: Number(row.count) }))
}

/** Orders per market: all and open work (from the per-status counts). */
export async function ordersByMarket(db: Kysely<DB>, companyId: string) {
  const rows = await db
    .selectFrom('order_counts')
    .select([
      'market',
      sql<string>`sum(orders)`.as('total'),
      sql<string>`coalesce(sum(orders) filter (where status in (${sql.join(OPEN_WORK)})), 0)`.as('open'),
    ])
    .where('company_id', '=', companyId)
    .groupBy('market')
    .execute()
  return new Map(rows.map((row) => [row.market, { total: Number(row.total), open: Number(row.open) }]))
}

/** Orders repossessed per client name: counted from an index alone (migration 057). */
export const repossessedOrdersByClient = (db: Kysely<DB>, companyId: string) =>
  db
    .selectFrom('orders as o')
    .innerJoin('clients as cl', 'cl.id', 'o.client_id')
    .select((eb) => ['cl.name', eb.fn.countAll<string>().as('count')])
    .where('o.company_id', '=', companyId)
    .where((eb) => eb.or([eb(orderRecoveredOn('o'), 'is not', null), eb('o.status', '=', 'Repossessed')]))
    .groupBy('cl.name')

/** Orders per client name (lower case, as RDN cases name their lender): all, open work and repossessed. */
export async function ordersByClient(db: Kysely<DB>, companyId: string) {
  const [counts, recovered] = await Promise.all([
    db
      .selectFrom('order_counts as n')
      .innerJoin('clients as cl', 'cl.id', 'n.client_id')
      .select([
        'cl.name',
        sql<string>`sum(n.orders)`.as('total'),
        sql<string>`coalesce(sum(n.orders) filter (where n.status in (${sql.join(OPEN_WORK)})), 0)`.as('open'),
      ])
      .where('n.company_id', '=', companyId)
      .groupBy('cl.name')
      .execute(),
    repossessedOrdersByClient(db, companyId).execute(),
  ])
  const byName = new Map<string, { name: string; total: number; open: number; repossessed: number }>()
  const entry = (name: string) => {
    const key = name.toLowerCase()
    const found = byName.get(key) ?? { name, total: 0, open: 0, repossessed: 0 }
    byName.set(key, found)
    return found
  }
  for (const row of counts) Object.assign(entry(row.name), { total: Number(row.total), open: Number(row.open) })
  for (const row of recovered) entry(row.name).repossessed += Number(row.count)
  return byName
}

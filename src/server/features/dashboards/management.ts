import { type Kysely, sql } from 'kysely'
import { averageDaysToRecovery } from '../../../domain/agent-work/days-to-recovery'
import { CASE_ITEM_COLUMNS, caseWorkItem } from '../../../domain/dashboards/work-item'
import { recoveryRate } from '../../../domain/dashboards/work-statuses'
import { type Day, recentWeeks, startOfMonth, startOfWeek } from '../../../domain/formats/calendar-days'
import { displayName } from '../../../domain/profiles/display'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { type AgentOutcomeRow, agentOutcomes, OPEN_WORK } from '../../queries/agent-work-sql'
import { type CaseFilters, caseFilters, countCases } from '../../queries/case-filters'
import { recoveriesAfterHold } from './management-holds'
import { orderFigures, orderRepossessionsByDay, ordersByClient, ordersByMarket } from './management-orders'

const CHART_WEEKS = 12
const TABLE_ROWS = 10
const STALE_ITEMS = 10

/** A figure over orders and RDN cases together; its filters open the RDN cases it counts in the case list. */
const together = <F extends CaseFilters | null>(rdn: { count: number; filters: F }, orders: number) => ({
  count: rdn.count + orders,
  filters: rdn.filters,
  rdnCases: rdn.count,
  orders,
})

/**
 * The management dashboard over the company's orders and RDN cases together (issue 41), the RDN
 * cases counted with the case list's own filters so a figure's link opens exactly those. Open is
 * open work (domain/agent-work). `today` is the person's own day.
 */
export async function getManagementDashboard(db: Kysely<DB>, viewer: Viewer, today: Day) {
  const companyId = viewer.companyId
  const thisMonth = startOfMonth(today)
  const week = { from: startOfWeek(today), to: today }
  const month = { from: thisMonth, to: today }
  const [open, repossessedWeek, repossessedMonth, closed, onHold, stale, orders] = await Promise.all([
    countCases(db, companyId, { status: OPEN_WORK }),
    countCases(db, companyId, { repo_from: week.from, repo_to: week.to }),
    countCases(db, companyId, { repo_from: month.from, repo_to: month.to }),
    countCases(db, companyId, { status: ['Closed'] }),
    countCases(db, companyId, { status: ['On Hold'] }),
    countCases(db, companyId, { stale: true }),
    orderFigures(db, companyId, week, month),
  ])
  const [recoveries, byMarket, byClient, byAgent, staleCases, afterHold] = await Promise.all([
    recoveriesByWeek(db, companyId, today),
    casesByMarket(db, companyId, thisMonth, today),
    clientTable(db, companyId),
    agentTable(db, companyId),
    db
      .selectFrom('rdn_cases')
      .select(CASE_ITEM_COLUMNS)
      .where(caseFilters(companyId, { stale: true }))
      // Oldest first, nulls first: the (company, updated_at desc nulls last) index read backwards.
      .orderBy('updated_at', (order) => order.asc().nullsFirst())
      .limit(STALE_ITEMS)
      .execute(),
    recoveriesAfterHold(db, companyId, today),
  ])
  return {
    today,
    figures: {
      open: together(open, orders.open),
      repossessedWeek: together(repossessedWeek, orders.repossessedWeek),
      repossessedMonth: together(repossessedMonth, orders.repossessedMonth),
      closed: together(closed, orders.closed),
      onHold: together(onHold, orders.onHold),
    },
    recoveries,
    byMarket,
    byClient,
    byAgent,
    stale: { ...together(stale, orders.stale), cases: staleCases.map(caseWorkItem) },
    recoveriesAfterHold: afterHold,
  }
}

async function recoveriesByWeek(db: Kysely<DB>, companyId: string, today: Day) {
  const weeks = recentWeeks(today, CHART_WEEKS)
  const [rows, orders] = await Promise.all([
    db
      .selectFrom('rdn_cases')
      .select((eb) => ['repo_date', eb.fn.countAll<string>().as('count')])
      .where(caseFilters(companyId, { repo_from: weeks[0].from, repo_to: today }))
      .groupBy('repo_date')
      .execute(),
    orderRepossessionsByDay(db, companyId, { from: weeks[0].from, to: today }),
  ])
  const inWeek = (from: Day, to: Day, day: string | null) => day !== null && day >= from && day <= to
  return weeks.map(({ from, to }) => {
    const rdnCases = rows
      .filter((row) => inWeek(from, to, row.repo_date))
      .reduce((sum, row) => sum + Number(row.count), 0)
    const orderCount = orders.filter((row) => inWeek(from, to, row.day)).reduce((sum, row) => sum + row.count, 0)
    return {
      weekStart: from,
      ...together({ count: rdnCases, filters: { repo_from: from, repo_to: to } satisfies CaseFilters }, orderCount),
    }
  })
}

/** RDN cases repossessed on days in the range, per market: counted from an index alone (migration 057). */
export const casesRepossessedByMarket = (db: Kysely<DB>, companyId: string, range: { from: Day; to: Day }) =>
  db
    .selectFrom('rdn_cases')
    .select((eb) => ['detected_market', eb.fn.countAll<string>().as('count')])
    .where(caseFilters(companyId, { repo_from: range.from, repo_to: range.to }))
    .groupBy('detected_market')

/** Totals and open per market from the per-status-and-market counts; this month's repossessions from the repo date indexes. */
async function casesByMarket(db: Kysely<DB>, companyId: string, monthStart: Day, today: Day) {
  const [facets, repossessed, orders, ordersRepossessed] = await Promise.all([
    db
      .selectFrom('rdn_case_counts')
      .select([
        'detected_market as market',
        sql<string>`sum(cases)`.as('total'),
        sql<string>`coalesce(sum(cases) filter (where status in (${sql.join(OPEN_WORK)})), 0)`.as('open'),
      ])
      .where('company_id', '=', companyId)
      .groupBy('detected_market')
      .having(sql`sum(cases)`, '>', 0)
      .execute(),
    casesRepossessedByMarket(db, companyId, { from: monthStart, to: today }).execute(),
    ordersByMarket(db, companyId),
    orderRepossessionsByDay(db, companyId, { from: monthStart, to: today }),
  ])
  const repossessedIn = new Map(repossessed.map((row) => [row.detected_market, Number(row.count)]))
  const ordersRepossessedIn = new Map<string, number>()
  for (const row of ordersRepossessed)
    ordersRepossessedIn.set(row.market, (ordersRepossessedIn.get(row.market) ?? 0) + row.count)
  const rdn = new Map(facets.map((row) => [row.market, { total: Number(row.total), open: Number(row.open) }]))
  const markets = [...new Set([...rdn.keys(), ...[...orders].filter(([, row]) => row.total > 0).map(([m]) => m)])]
  return markets
    .map((market) => {
      const order = orders.get(market) ?? { total: 0, open: 0 }
      const cases = rdn.get(market) ?? { total: 0, open: 0 }
      return {
        market,
        total: together({ count: cases.total, filters: { market: [market] } }, order.total),
        open: together({ count: cases.open, filters: { market: [market], status: OPEN_WORK } }, order.open),
        repossessedMonth: together(
          {
            count: repossessedIn.get(market) ?? 0,
            filters: { market: [market], repo_from: monthStart, repo_to: today },
          },
          ordersRepossessedIn.get(market) ?? 0,
        ),
      }
    })
    .sort((a, b) => b.total.count - a.total.count || a.market.localeCompare(b.market))
}

type LenderRow = { lender_name: string; total: string; open: string; repossessed: string }

/**
 * Per client: RDN cases by lender from the per-lender-agent-and-status counts (migration 016, a
 * few thousand rows at most, however many cases) beside the orders of the client of that name.
 */
async function clientTable(db: Kysely<DB>, companyId: string) {
  const [{ rows }, orders] = await Promise.all([
    sql<LenderRow>`
      select lender_name, sum(cases) as total,
        coalesce(sum(cases) filter (where status in (${sql.join(OPEN_WORK)})), 0) as open,
        sum(repossessed) as repossessed
      from rdn_case_group_counts
      where company_id = ${companyId} and lender_name <> ''
      group by lender_name
      having sum(cases) > 0`.execute(db),
    ordersByClient(db, companyId),
  ])
  const clients = new Map<string, { name: string; lender: string | null; cases: LenderRow | null }>()
  for (const row of rows)
    clients.set(row.lender_name.toLowerCase(), { name: row.lender_name, lender: row.lender_name, cases: row })
  for (const [key, order] of orders)
    if (!clients.has(key) && order.total > 0) clients.set(key, { name: order.name, lender: null, cases: null })
  return [...clients]
    .map(([key, { name, lender, cases }]) => {
      const order = orders.get(key) ?? { total: 0, open: 0, repossessed: 0 }
      const total = Number(cases?.total ?? 0) + order.total
      const repossessed = Number(cases?.repossessed ?? 0) + order.repossessed
      const filters = (extra: CaseFilters) => (lender ? { lender, ...extra } : { lender: name, ...extra })
      return {
        client: name,
        total: together({ count: Number(cases?.total ?? 0), filters: filters({}) }, order.total),
        open: together({ count: Number(cases?.open ?? 0), filters: filters({ status: OPEN_WORK }) }, order.open),
        repossessed,
        recoveryRate: recoveryRate(repossessed, total),
      }
    })
    .sort((a, b) => b.total.count - a.total.count || a.client.localeCompare(b.client))
    .slice(0, TABLE_ROWS)
}

/**
 * Per person (their RDN agent ids folded together, as the board does): orders and RDN cases
 * assigned, recovered, the rate and the days to recovery (domain/agent-work), from agent-work-sql.
 */
async function agentTable(db: Kysely<DB>, companyId: string) {
  const [mappings, profiles, outcomes] = await Promise.all([
    db
      .selectFrom('rdn_agent_mappings')
      .select(['rdn_agent_id', 'profile_id'])
      .where('company_id', '=', companyId)
      .execute(),
    db
      .selectFrom('profiles')
      .select(['id', 'first_name', 'last_name', 'email', 'rdn_id_number'])
      .where('company_id', '=', companyId)
      .execute(),
    agentOutcomes(db, companyId),
  ])
  const profileById = new Map(profiles.map((profile) => [profile.id, profile]))
  const profileOfRdnId = new Map<string, string>()
  for (const profile of profiles) if (profile.rdn_id_number) profileOfRdnId.set(profile.rdn_id_number, profile.id)
  // A mapping names the person first (the case list resolves agents the same way).
  for (const mapping of mappings) profileOfRdnId.set(mapping.rdn_agent_id, mapping.profile_id)

  type Totals = {
    key: string
    profileId: string | null
    name: string
    orders: number
    rdnCases: number
    repossessed: number
    days: number
    timed: number
  }
  const totals = new Map<string, Totals>()
  const add = (
    profileId: string | null,
    key: string,
    fallback: string,
    row: AgentOutcomeRow,
    source: 'orders' | 'rdnCases',
  ) => {
    const profile = profileId ? profileById.get(profileId) : undefined
    const entry = totals.get(key) ?? {
      key,
      profileId,
      name: profile ? displayName(profile) : fallback,
      orders: 0,
      rdnCases: 0,
      repossessed: 0,
      days: 0,
      timed: 0,
    }
    entry[source] += Number(row.assigned)
    entry.repossessed += Number(row.recovered)
    entry.days += Number(row.days ?? 0)
    entry.timed += Number(row.timed)
    totals.set(key, entry)
  }
  for (const row of outcomes.orders) add(row.agent, row.agent, 'Former agent', row, 'orders')
  for (const row of outcomes.cases) {
    const profileId = profileOfRdnId.get(row.agent) ?? null
    add(profileId, profileId ?? `rdn:${row.agent}`, `RDN agent ${row.agent} (not mapped)`, row, 'rdnCases')
  }
  return [...totals.values()]
    .map((entry) => ({ ...entry, assigned: entry.orders + entry.rdnCases }))
    .sort((a, b) => b.assigned - a.assigned || a.name.localeCompare(b.name))
    .slice(0, TABLE_ROWS)
    .map((entry) => ({
      agent: entry.name,
      profileId: entry.profileId,
      assigned: together(
        { count: entry.rdnCases, filters: entry.profileId ? { agent: entry.profileId } : null },
        entry.orders,
      ),
      repossessed: entry.repossessed,
      recoveryRate: recoveryRate(entry.repossessed, entry.assigned),
      averageDaysToRecovery: averageDaysToRecovery(entry.days, entry.timed),
    }))
}

import { type Kysely, sql } from 'kysely'
import { type Day, recentWeeks, startOfMonth, startOfWeek } from '../../../domain/dashboards/periods'
import { CASE_ITEM_COLUMNS, caseWorkItem } from '../../../domain/dashboards/work-item'
import { OPEN_STATUS, recoveryRate } from '../../../domain/dashboards/work-statuses'
import { displayName } from '../../../domain/profiles/display'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { type CaseFilters, caseFilters, countCases } from '../../lib/case-filters'

const CHART_WEEKS = 12
const TABLE_ROWS = 10
const STALE_ITEMS = 10

/**
 * The management dashboard over the company's RDN cases, every figure counted with the case
 * list's own filters so its link opens exactly those cases. `today` is the person's own day.
 */
export async function getManagementDashboard(db: Kysely<DB>, viewer: Viewer, today: Day) {
  const companyId = viewer.companyId
  const thisMonth = startOfMonth(today)
  const [open, repossessedWeek, repossessedMonth, closed, onHold, stale] = await Promise.all([
    countCases(db, companyId, { status: [OPEN_STATUS] }),
    countCases(db, companyId, { repo_from: startOfWeek(today), repo_to: today }),
    countCases(db, companyId, { repo_from: thisMonth, repo_to: today }),
    countCases(db, companyId, { status: ['Closed'] }),
    countCases(db, companyId, { status: ['On Hold'] }),
    countCases(db, companyId, { stale: true }),
  ])
  const [recoveries, byMarket, groups, staleCases] = await Promise.all([
    recoveriesByWeek(db, companyId, today),
    casesByMarket(db, companyId, thisMonth, today),
    groupByLenderAndAgent(db, companyId),
    db
      .selectFrom('rdn_cases')
      .select(CASE_ITEM_COLUMNS)
      .where(caseFilters(companyId, { stale: true }))
      // Oldest first, nulls first: the (company, updated_at desc nulls last) index read backwards.
      .orderBy('updated_at', (order) => order.asc().nullsFirst())
      .limit(STALE_ITEMS)
      .execute(),
  ])
  return {
    today,
    figures: { open, repossessedWeek, repossessedMonth, closed, onHold },
    recoveries,
    byMarket,
    byClient: clientTable(groups.lenders),
    byAgent: await agentTable(db, companyId, groups.agents),
    stale: { ...stale, cases: staleCases.map(caseWorkItem) },
  }
}

async function recoveriesByWeek(db: Kysely<DB>, companyId: string, today: Day) {
  const weeks = recentWeeks(today, CHART_WEEKS)
  const rows = await db
    .selectFrom('rdn_cases')
    .select((eb) => ['repo_date', eb.fn.countAll<string>().as('count')])
    .where(caseFilters(companyId, { repo_from: weeks[0].from, repo_to: today }))
    .groupBy('repo_date')
    .execute()
  return weeks.map(({ from, to }) => ({
    weekStart: from,
    count: rows
      .filter((row) => row.repo_date && row.repo_date >= from && row.repo_date <= to)
      .reduce((sum, row) => sum + Number(row.count), 0),
    filters: { repo_from: from, repo_to: to } satisfies CaseFilters,
  }))
}

/** Totals and open per market from the per-status-and-market counts; this month's repossessions from the repo date index. */
async function casesByMarket(db: Kysely<DB>, companyId: string, monthStart: Day, today: Day) {
  const [facets, repossessed] = await Promise.all([
    db
      .selectFrom('rdn_case_counts')
      .select([
        'detected_market as market',
        sql<string>`sum(cases)`.as('total'),
        sql<string>`coalesce(sum(cases) filter (where status = ${OPEN_STATUS}), 0)`.as('open'),
      ])
      .where('company_id', '=', companyId)
      .groupBy('detected_market')
      .having(sql`sum(cases)`, '>', 0)
      .orderBy('total', 'desc')
      .orderBy('detected_market')
      .execute(),
    db
      .selectFrom('rdn_cases')
      .select((eb) => ['detected_market', eb.fn.countAll<string>().as('count')])
      .where(caseFilters(companyId, { repo_from: monthStart, repo_to: today }))
      .groupBy('detected_market')
      .execute(),
  ])
  const repossessedIn = new Map(repossessed.map((row) => [row.detected_market, Number(row.count)]))
  return facets.map((row) => ({
    market: row.market,
    total: { count: Number(row.total), filters: { market: [row.market] } },
    open: { count: Number(row.open), filters: { market: [row.market], status: [OPEN_STATUS] } },
    repossessedMonth: {
      count: repossessedIn.get(row.market) ?? 0,
      filters: { market: [row.market], repo_from: monthStart, repo_to: today },
    },
  }))
}

type GroupRow = {
  lender_name: string | null
  assigned_agent_id: string | null
  by_lender: boolean
  total: string
  open: string
  repossessed: string
  days: string | null
  timed: string
}

/**
 * Cases per lender and per RDN agent id, from the per-lender-agent-and-status counts (migration
 * 016): a few thousand rows at most, however many cases.
 */
async function groupByLenderAndAgent(db: Kysely<DB>, companyId: string) {
  const { rows } = await sql<GroupRow>`
    select nullif(lender_name, '') as lender_name, nullif(assigned_agent_id, '') as assigned_agent_id,
      grouping(assigned_agent_id) = 1 as by_lender,
      sum(cases) as total,
      coalesce(sum(cases) filter (where status = ${OPEN_STATUS}), 0) as open,
      sum(repossessed) as repossessed,
      sum(days) as days,
      sum(timed) as timed
    from rdn_case_group_counts
    where company_id = ${companyId} and (lender_name <> '' or assigned_agent_id <> '')
    group by grouping sets ((lender_name), (assigned_agent_id))
    having sum(cases) > 0`.execute(db)
  return {
    lenders: rows.filter((row) => row.by_lender && row.lender_name !== null),
    agents: rows.filter((row) => !row.by_lender && row.assigned_agent_id !== null),
  }
}

function clientTable(rows: GroupRow[]) {
  return rows
    .sort((a, b) => Number(b.total) - Number(a.total) || String(a.lender_name).localeCompare(String(b.lender_name)))
    .slice(0, TABLE_ROWS)
    .map((row) => {
      const lender = row.lender_name as string
      const total = Number(row.total)
      const repossessed = Number(row.repossessed)
      return {
        client: lender,
        total: { count: total, filters: { lender } },
        open: { count: Number(row.open), filters: { lender, status: [OPEN_STATUS] } },
        repossessed,
        recoveryRate: recoveryRate(repossessed, total),
      }
    })
}

/** Per person (their RDN agent ids folded together): assigned, recovered, rate and days from order to repossession. */
async function agentTable(db: Kysely<DB>, companyId: string, rows: GroupRow[]) {
  const [mappings, profiles] = await Promise.all([
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
    assigned: number
    repossessed: number
    days: number
    timed: number
  }
  const totals = new Map<string, Totals>()
  for (const row of rows) {
    const rdnId = row.assigned_agent_id as string
    const profileId = profileOfRdnId.get(rdnId) ?? null
    const profile = profileId ? profileById.get(profileId) : undefined
    const key = profileId ?? `rdn:${rdnId}`
    const entry = totals.get(key) ?? {
      key,
      profileId,
      name: profile ? displayName(profile) : `RDN agent ${rdnId} (not mapped)`,
      assigned: 0,
      repossessed: 0,
      days: 0,
      timed: 0,
    }
    entry.assigned += Number(row.total)
    entry.repossessed += Number(row.repossessed)
    entry.days += Number(row.days ?? 0)
    entry.timed += Number(row.timed)
    totals.set(key, entry)
  }
  return [...totals.values()]
    .sort((a, b) => b.assigned - a.assigned || a.name.localeCompare(b.name))
    .slice(0, TABLE_ROWS)
    .map((entry) => ({
      agent: entry.name,
      profileId: entry.profileId,
      assigned: { count: entry.assigned, filters: entry.profileId ? { agent: entry.profileId } : null },
      repossessed: entry.repossessed,
      recoveryRate: recoveryRate(entry.repossessed, entry.assigned),
      averageDaysToRepossession: entry.timed ? entry.days / entry.timed : null,
    }))
}

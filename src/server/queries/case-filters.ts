import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { CaseListQuery } from '../../domain/cases/case-list-query'
import { FINISHED_STATUSES, STALE_AFTER_HOURS } from '../../domain/dashboards/work-statuses'
import type { DB } from '../db/schema'
import { containsPattern } from './like-pattern'

export type CaseFilters = Omit<Partial<CaseListQuery>, 'page' | 'sort' | 'dir'>

/** Older than this, an unfinished case is stale. */
const staleCutoff = sql<Date>`now() - ${sql.lit(`${STALE_AFTER_HOURS} hours`)}::interval`

/** Not in a finished status (a missing status counts as unfinished, as in the per-status counts). */
const unfinished = (eb: ExpressionBuilder<DB, 'rdn_cases'>) =>
  eb(eb.fn.coalesce('rdn_cases.status', sql<string>`''`), 'not in', FINISHED_STATUSES)

/**
 * The case list's filters (SPEC.md section 5, plus the dashboards' click-throughs) as one WHERE,
 * always inside the company. The case list and every dashboard figure that links to it count
 * through this one function, so a figure and the list it opens cannot disagree.
 */
export function caseFilters(companyId: string, query: CaseFilters) {
  return (eb: ExpressionBuilder<DB, 'rdn_cases'>) => {
    const conditions = [eb('rdn_cases.company_id', '=', companyId)]
    if (query.status?.length) conditions.push(eb('rdn_cases.status', 'in', query.status))
    if (query.market?.length) conditions.push(eb('rdn_cases.detected_market', 'in', query.market))
    if (query.substatus?.length) {
      // Against the parsed pieces: the '|'-separated list overlaps the chosen ones.
      conditions.push(
        eb(
          sql`regexp_split_to_array(trim(coalesce(rdn_cases.substatus, '')), '\\s*\\|\\s*')`,
          '&&',
          sql`${sql.val(query.substatus)}::text[]`,
        ),
      )
    }
    if (query.from) conditions.push(eb('rdn_cases.order_date', '>=', query.from))
    if (query.to) conditions.push(eb('rdn_cases.order_date', '<=', query.to))
    if (query.q) conditions.push(eb('rdn_cases.search_text', 'like', containsPattern(query.q.toLowerCase())))
    if (query.repo_from) conditions.push(eb('rdn_cases.repo_date', '>=', query.repo_from))
    if (query.repo_to) conditions.push(eb('rdn_cases.repo_date', '<=', query.repo_to))
    if (query.lender) conditions.push(eb('rdn_cases.lender_name', '=', query.lender))
    if (query.agent) conditions.push(eb('rdn_cases.assigned_agent_id', 'in', agentRdnIds(eb, companyId, query.agent)))
    if (query.stale) {
      conditions.push(unfinished(eb))
      conditions.push(eb('rdn_cases.updated_at', '<', staleCutoff))
    }
    return eb.and(conditions)
  }
}

/** The RDN agent ids that are one person's: their mappings, and their profile's own RDN id number unless mapped to another. */
export function agentRdnIds(eb: ExpressionBuilder<DB, 'rdn_cases'>, companyId: string, profileId: string) {
  return eb
    .selectFrom('rdn_agent_mappings')
    .select('rdn_agent_mappings.rdn_agent_id as rdn_id')
    .where('rdn_agent_mappings.company_id', '=', companyId)
    .where('rdn_agent_mappings.profile_id', '=', profileId)
    .union((union) =>
      union
        .selectFrom('profiles')
        .select((inner) => inner.fn.coalesce('profiles.rdn_id_number', sql<string>`''`).as('rdn_id'))
        .where('profiles.company_id', '=', companyId)
        .where('profiles.id', '=', profileId)
        // A mapping of the same id to someone else wins, as on the case detail.
        .where((inner) =>
          inner.not(
            inner.exists(
              inner
                .selectFrom('rdn_agent_mappings as other')
                .select('other.id')
                .where('other.company_id', '=', companyId)
                .whereRef('other.rdn_agent_id', '=', 'profiles.rdn_id_number'),
            ),
          ),
        ),
    )
}

/** A figure and the case-list filters it was counted with (its click-through). */
export type LinkedCount = { count: number; filters: CaseFilters }

/** Whether only status and market filters are set: the per-status-and-market counts (migration 008) answer. */
const onlyStatusAndMarket = (filters: CaseFilters) =>
  !filters.q &&
  !filters.substatus?.length &&
  !filters.from &&
  !filters.to &&
  !filters.repo_from &&
  !filters.repo_to &&
  !filters.lender &&
  !filters.agent &&
  !filters.stale

/** The company's per-status-and-market counts (migration 008) under status and market filters. */
function facetCounts(db: Kysely<DB>, companyId: string, filters: Pick<CaseFilters, 'status' | 'market'>) {
  let counts = db.selectFrom('rdn_case_counts').where('company_id', '=', companyId)
  if (filters.status?.length) counts = counts.where('status', 'in', filters.status)
  if (filters.market?.length) counts = counts.where('detected_market', 'in', filters.market)
  return counts
}

/** The sum of the per-status-and-market counts under status and market filters; optionally unfinished ones only. */
async function countByFacets(
  db: Kysely<DB>,
  companyId: string,
  filters: CaseFilters,
  options: { unfinishedOnly?: boolean } = {},
): Promise<number> {
  let counts = facetCounts(db, companyId, filters)
  if (options.unfinishedOnly) counts = counts.where('status', 'not in', FINISHED_STATUSES)
  const row = await counts
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cases'), sql<number>`0`).as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

async function countWhere(db: Kysely<DB>, where: ReturnType<typeof caseFilters>): Promise<number> {
  const row = await db
    .selectFrom('rdn_cases')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(where)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * The exact count when it is cheap, else null: status and market filters alone come from the
 * per-status-and-market counts, and stale ones under them are the unfinished total less those
 * updated in the last 48 hours (few), so neither reads a million rows. The case list and the
 * dashboards' figures both count this way, so a figure and its click-through agree.
 */
export async function countFromFacets(db: Kysely<DB>, companyId: string, filters: CaseFilters): Promise<number | null> {
  const { stale, ...rest } = filters
  if (!onlyStatusAndMarket(rest)) return null
  if (!stale) return countByFacets(db, companyId, rest)
  const fresh = (eb: ExpressionBuilder<DB, 'rdn_cases'>) =>
    eb.and([caseFilters(companyId, rest)(eb), unfinished(eb), eb('rdn_cases.updated_at', '>=', staleCutoff)])
  const [unfinishedTotal, freshCount] = await Promise.all([
    countByFacets(db, companyId, rest, { unfinishedOnly: true }),
    countWhere(db, fresh),
  ])
  return unfinishedTotal - freshCount
}

/** The exact number of the company's cases the case list shows for these filters. */
export async function countCases(db: Kysely<DB>, companyId: string, filters: CaseFilters): Promise<LinkedCount> {
  const count =
    (await countFromFacets(db, companyId, filters)) ?? (await countWhere(db, caseFilters(companyId, filters)))
  return { count, filters }
}

/**
 * The company's cases per status (a missing status as null) in some markets, or all, most first:
 * from the per-status-and-market counts, as countCases sums them, so each figure matches its list.
 */
export async function countCasesByStatus(db: Kysely<DB>, companyId: string, markets: string[] | null) {
  const rows = await facetCounts(db, companyId, { market: markets ?? undefined })
    .select((eb) => ['status', eb.fn.sum<string>('cases').as('count')])
    .groupBy('status')
    .having((eb) => eb.fn.sum('cases'), '>', 0)
    .orderBy('count', 'desc')
    .execute()
  return rows.map((row) => ({ status: row.status || null, count: Number(row.count) }))
}

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

/** Whether the exact count can come from the per-status-and-market counts (migration 008). */
export const countableByFacets = (filters: CaseFilters) =>
  !filters.q &&
  !filters.substatus?.length &&
  !filters.from &&
  !filters.to &&
  !filters.repo_from &&
  !filters.repo_to &&
  !filters.lender &&
  !filters.agent &&
  !filters.stale

/** The sum of the per-status-and-market counts under status and market filters; optionally unfinished ones only. */
export async function countByFacets(
  db: Kysely<DB>,
  companyId: string,
  filters: CaseFilters,
  options: { unfinishedOnly?: boolean } = {},
): Promise<number> {
  let counts = db.selectFrom('rdn_case_counts').where('company_id', '=', companyId)
  if (filters.status?.length) counts = counts.where('status', 'in', filters.status)
  if (filters.market?.length) counts = counts.where('detected_market', 'in', filters.market)
  if (options.unfinishedOnly) counts = counts.where('status', 'not in', FINISHED_STATUSES)
  const row = await counts
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cases'), sql<number>`0`).as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

async function countMatching(
  db: Kysely<DB>,
  companyId: string,
  filters: CaseFilters,
  extra?: (eb: ExpressionBuilder<DB, 'rdn_cases'>) => ReturnType<typeof unfinished>,
) {
  const row = await db
    .selectFrom('rdn_cases')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(caseFilters(companyId, filters))
    .$if(Boolean(extra), (query) => query.where((eb) => (extra as NonNullable<typeof extra>)(eb)))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * The exact number of the company's cases the case list shows for these filters. Status and
 * market alone come from the per-status-and-market counts; stale ones are the unfinished total
 * less those updated in the last 48 hours (few), so neither reads a million rows.
 */
export async function countCases(db: Kysely<DB>, companyId: string, filters: CaseFilters): Promise<LinkedCount> {
  if (countableByFacets(filters)) return { count: await countByFacets(db, companyId, filters), filters }
  const { stale, ...rest } = filters
  if (stale && countableByFacets(rest)) {
    const [unfinishedTotal, fresh] = await Promise.all([
      countByFacets(db, companyId, rest, { unfinishedOnly: true }),
      countMatching(db, companyId, rest, (eb) =>
        eb.and([unfinished(eb), eb('rdn_cases.updated_at', '>=', staleCutoff)]),
      ),
    ])
    return { count: unfinishedTotal - fresh, filters }
  }
  return { count: await countMatching(db, companyId, filters), filters }
}

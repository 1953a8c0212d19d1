import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { CaseListQuery } from '../../domain/cases/case-list-query'
import { FINISHED_STATUSES, STALE_AFTER_HOURS } from '../../domain/dashboards/work-statuses'
import type { DB } from '../db/schema'
import { containsPattern } from './like-pattern'

export type CaseFilters = Omit<Partial<CaseListQuery>, 'page' | 'sort' | 'dir'>

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
      conditions.push(eb('rdn_cases.status', 'not in', FINISHED_STATUSES))
      conditions.push(
        eb('rdn_cases.updated_at', '<', sql<Date>`now() - ${sql.lit(`${STALE_AFTER_HOURS} hours`)}::interval`),
      )
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

/** The exact number of the company's cases the case list shows for these filters. */
export async function countCases(db: Kysely<DB>, companyId: string, filters: CaseFilters): Promise<LinkedCount> {
  const row = await db
    .selectFrom('rdn_cases')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(caseFilters(companyId, filters))
    .executeTakeFirstOrThrow()
  return { count: Number(row.count), filters }
}

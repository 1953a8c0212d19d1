import { type Kysely, sql } from 'kysely'
import type { DB } from '../../db/schema'

/**
 * How many RDN cases each agent id of the company has, from the per-lender-agent-and-status counts
 * the database keeps (migration 016), not from the cases. Those counts file a missing agent and an
 * empty one alike under ''; an empty id, which the view lists like any other, is counted on its
 * own through the agent index (rdn_cases_company_agent_idx), normally nothing.
 */
function casesPerAgent(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('rdn_case_group_counts')
    .select(['assigned_agent_id as rdn_agent_id', sql<string>`sum(cases)`.as('case_count')])
    .where('company_id', '=', companyId)
    .where('assigned_agent_id', '!=', '')
    .groupBy('assigned_agent_id')
    .having(sql<number>`sum(cases)`, '>', 0)
    .unionAll(
      db
        .selectFrom('rdn_cases')
        .select([sql<string>`''`.as('rdn_agent_id'), (eb) => eb.fn.countAll<string>().as('case_count')])
        .where('company_id', '=', companyId)
        .where('assigned_agent_id', '=', '')
        .having((eb) => eb.fn.countAll(), '>', 0),
    )
}

/** The company's mappings, each with its person and its agent id's RDN cases. */
export function mappingsWithCounts(db: Kysely<DB>, companyId: string) {
  return db
    .with('per_agent', () => casesPerAgent(db, companyId))
    .selectFrom('rdn_agent_mappings as mapping')
    .innerJoin('profiles as profile', 'profile.id', 'mapping.profile_id')
    .leftJoin('per_agent', 'per_agent.rdn_agent_id', 'mapping.rdn_agent_id')
    .select([
      'mapping.id',
      'mapping.rdn_agent_id',
      'profile.id as profile_id',
      'profile.first_name',
      'profile.last_name',
      'profile.email',
      'profile.role',
      sql<string>`coalesce(per_agent.case_count, 0)`.as('case_count'),
    ])
    .where('mapping.company_id', '=', companyId)
    .orderBy('mapping.rdn_agent_id')
}

/** The agent ids the company's RDN cases name that no mapping nor person answers to, most cases first. */
export function unmappedAgentIds(db: Kysely<DB>, companyId: string, limit: number) {
  return db
    .with('per_agent', () => casesPerAgent(db, companyId))
    .selectFrom('per_agent')
    .select(['per_agent.rdn_agent_id', 'per_agent.case_count'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('rdn_agent_mappings as m')
            .select(sql.lit(1).as('one'))
            .where('m.company_id', '=', companyId)
            .whereRef('m.rdn_agent_id', '=', 'per_agent.rdn_agent_id'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('profiles as p')
            .select(sql.lit(1).as('one'))
            .where('p.company_id', '=', companyId)
            .whereRef('p.rdn_id_number', '=', 'per_agent.rdn_agent_id'),
        ),
      ),
    )
    .orderBy('per_agent.case_count', 'desc')
    .orderBy('per_agent.rdn_agent_id')
    .limit(limit)
}

/** The company's active people a mapping can name, recovery agents first. */
export function mappablePeople(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('profiles')
    .select(['id', 'first_name', 'last_name', 'email', 'role', 'rdn_id_number'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .orderBy(sql`role = 'recovery_agent'`, 'desc')
    .orderBy('first_name')
}

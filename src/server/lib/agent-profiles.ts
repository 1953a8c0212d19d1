import { type Kysely, sql } from 'kysely'
import type { DB } from '../db/schema'

/**
 * The people the given RDN agent ids stand for, each with the agent id it answers to in
 * rdn_id_number: an explicit Agent Mapping first, then a profile's own RDN id number. One
 * statement (the list asks on every page), the ids as one array parameter rather than a page's
 * fifty each side of the union.
 */
const anyOf = (ids: string[]) => sql<string>`any(${ids}::text[])`

export async function findAgentProfiles(db: Kysely<DB>, companyId: string, agentIds: string[]) {
  if (agentIds.length === 0) return []
  const mapped = db
    .selectFrom('rdn_agent_mappings as mapping')
    .innerJoin('profiles as profile', 'profile.id', 'mapping.profile_id')
    .select((eb) => [
      sql<number>`0`.as('precedence'),
      'profile.id',
      'profile.first_name',
      'profile.last_name',
      'profile.email',
      eb.ref('mapping.rdn_agent_id').$castTo<string | null>().as('rdn_id_number'),
    ])
    .where('mapping.company_id', '=', companyId)
    .where('profile.company_id', '=', companyId)
    .where('mapping.rdn_agent_id', '=', anyOf(agentIds))
  const byNumber = db
    .selectFrom('profiles')
    .select([sql<number>`1`.as('precedence'), 'id', 'first_name', 'last_name', 'email', 'rdn_id_number'])
    .where('company_id', '=', companyId)
    .where('rdn_id_number', '=', anyOf(agentIds))
  const rows = await mapped.unionAll(byNumber).orderBy('precedence').execute()
  return rows.map(({ precedence: _, ...profile }) => profile)
}

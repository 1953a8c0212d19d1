import { type Kysely, sql } from 'kysely'
import { prepared } from '../db/prepared'
import type { DB } from '../db/schema'

/**
 * The people the given RDN agent ids stand for, each with the agent id it answers to in
 * rdn_id_number: an explicit Agent Mapping first, then a profile's own RDN id number. One
 * statement, compiled once (the list asks on every page), the ids as one array parameter rather
 * than a page's fifty each side of the union.
 */
const agentProfiles = prepared((db, values: { companyId: string; agentIds: string[] }) => {
  const anyAgentId = sql<string>`any(${values.agentIds}::text[])`
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
    .where('mapping.company_id', '=', values.companyId)
    .where('profile.company_id', '=', values.companyId)
    .where('mapping.rdn_agent_id', '=', anyAgentId)
  const byNumber = db
    .selectFrom('profiles')
    .select([sql<number>`1`.as('precedence'), 'id', 'first_name', 'last_name', 'email', 'rdn_id_number'])
    .where('company_id', '=', values.companyId)
    .where('rdn_id_number', '=', anyAgentId)
  return mapped.unionAll(byNumber).orderBy('precedence')
})

export async function findAgentProfiles(db: Kysely<DB>, companyId: string, agentIds: string[]) {
  if (agentIds.length === 0) return []
  const rows = await agentProfiles(db, { companyId, agentIds })
  return rows.map(({ precedence: _, ...profile }) => profile)
}

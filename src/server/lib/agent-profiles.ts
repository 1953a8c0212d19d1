import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'

/**
 * The people the given RDN agent ids stand for, each with the agent id it answers to in
 * rdn_id_number: an explicit Agent Mapping first, then a profile's own RDN id number.
 */
export async function findAgentProfiles(db: Kysely<DB>, companyId: string, agentIds: string[]) {
  if (agentIds.length === 0) return []
  const mapped = await db
    .selectFrom('rdn_agent_mappings as mapping')
    .innerJoin('profiles as profile', 'profile.id', 'mapping.profile_id')
    .select([
      'profile.id',
      'profile.first_name',
      'profile.last_name',
      'profile.email',
      'mapping.rdn_agent_id as rdn_id_number',
    ])
    .where('mapping.company_id', '=', companyId)
    .where('profile.company_id', '=', companyId)
    .where('mapping.rdn_agent_id', 'in', agentIds)
    .execute()
  const byNumber = await db
    .selectFrom('profiles')
    .select(['id', 'first_name', 'last_name', 'email', 'rdn_id_number'])
    .where('company_id', '=', companyId)
    .where('rdn_id_number', 'in', agentIds)
    .execute()
  return [...mapped, ...byNumber]
}

import { displayName } from '../../../domain/profiles/display'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { mappablePeople, mappingsWithCounts, unmappedAgentIds } from './repository'

/**
 * Agent Mapping's view: the company's mappings with their case counts, the agent ids its RDN cases
 * name that nobody answers to yet (most cases first), and the people they can be mapped to.
 */
export async function getAgentMapping({ db }: AppDeps, viewer: Viewer) {
  const companyId = viewer.companyId
  const [mappings, unmapped, people] = await Promise.all([
    mappingsWithCounts(db, companyId).execute(),
    unmappedAgentIds(db, companyId, 200).execute(),
    mappablePeople(db, companyId).execute(),
  ])
  return {
    mappings: mappings.map((mapping) => ({
      id: mapping.id,
      rdn_agent_id: mapping.rdn_agent_id,
      profile: { id: mapping.profile_id, name: displayName(mapping), email: mapping.email, role: mapping.role },
      case_count: Number(mapping.case_count ?? 0),
    })),
    unmapped: unmapped.map((row) => ({ rdn_agent_id: row.rdn_agent_id, case_count: Number(row.case_count) })),
    people: people.map((person) => ({
      id: person.id,
      name: displayName(person),
      role: person.role,
      rdn_id_number: person.rdn_id_number,
    })),
  }
}

/** Links an RDN agent id to a person of the company (replacing an earlier link of that id). */
export async function mapAgent(
  { db }: AppDeps,
  viewer: Viewer,
  input: { rdnAgentId: string; profileId: string },
  ip: string,
) {
  const profile = await db
    .selectFrom('profiles')
    .select('id')
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', input.profileId)
    .executeTakeFirst()
  if (!profile) throw notFound('No such person.')
  const mapping = await db
    .insertInto('rdn_agent_mappings')
    .values({ company_id: viewer.companyId, rdn_agent_id: input.rdnAgentId, profile_id: profile.id })
    .onConflict((conflict) => conflict.columns(['company_id', 'rdn_agent_id']).doUpdateSet({ profile_id: profile.id }))
    .returning('id')
    .executeTakeFirstOrThrow()
  await recordAudit(db, {
    action: 'agent_mapping.saved',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `rdn_agent:${input.rdnAgentId}`,
    detail: { profileId: profile.id },
    ip,
  })
  return { id: mapping.id }
}

export async function unmapAgent({ db }: AppDeps, viewer: Viewer, mappingId: string, ip: string) {
  const removed = await db
    .deleteFrom('rdn_agent_mappings')
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', mappingId)
    .returning('rdn_agent_id')
    .executeTakeFirst()
  if (!removed) throw notFound('No such mapping.')
  await recordAudit(db, {
    action: 'agent_mapping.removed',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `rdn_agent:${removed.rdn_agent_id}`,
    ip,
  })
  return { removed: true }
}

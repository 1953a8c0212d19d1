import { sql } from 'kysely'
import { displayName } from '../../../domain/profiles/display'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../lib/app-error'
import { recordAudit } from '../../lib/audit'

/**
 * Agent Mapping's view: the company's mappings with their case counts, the agent ids its RDN cases
 * name that nobody answers to yet (most cases first), and the people they can be mapped to.
 */
export async function getAgentMapping({ db }: AppDeps, viewer: Viewer) {
  const companyId = viewer.companyId
  const mappings = await db
    .selectFrom('rdn_agent_mappings as mapping')
    .innerJoin('profiles as profile', 'profile.id', 'mapping.profile_id')
    .select([
      'mapping.id',
      'mapping.rdn_agent_id',
      'profile.id as profile_id',
      'profile.first_name',
      'profile.last_name',
      'profile.email',
      'profile.role',
      (eb) =>
        eb
          .selectFrom('rdn_cases')
          .select((count) => count.fn.countAll<string>().as('count'))
          .whereRef('rdn_cases.company_id', '=', 'mapping.company_id')
          .whereRef('rdn_cases.assigned_agent_id', '=', 'mapping.rdn_agent_id')
          .as('case_count'),
    ])
    .where('mapping.company_id', '=', companyId)
    .orderBy('mapping.rdn_agent_id')
    .execute()
  const unmapped = await sql<{ rdn_agent_id: string; case_count: string }>`
    select c.assigned_agent_id as rdn_agent_id, count(*) as case_count
    from rdn_cases c
    where c.company_id = ${companyId} and c.assigned_agent_id is not null
      and not exists (select 1 from rdn_agent_mappings m where m.company_id = c.company_id and m.rdn_agent_id = c.assigned_agent_id)
      and not exists (select 1 from profiles p where p.company_id = c.company_id and p.rdn_id_number = c.assigned_agent_id)
    group by c.assigned_agent_id
    order by count(*) desc, c.assigned_agent_id
    limit 200`.execute(db)
  const people = await db
    .selectFrom('profiles')
    .select(['id', 'first_name', 'last_name', 'email', 'role', 'rdn_id_number'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .orderBy(sql`role = 'recovery_agent'`, 'desc')
    .orderBy('first_name')
    .execute()
  return {
    mappings: mappings.map((mapping) => ({
      id: mapping.id,
      rdn_agent_id: mapping.rdn_agent_id,
      profile: { id: mapping.profile_id, name: displayName(mapping), email: mapping.email, role: mapping.role },
      case_count: Number(mapping.case_count ?? 0),
    })),
    unmapped: unmapped.rows.map((row) => ({ rdn_agent_id: row.rdn_agent_id, case_count: Number(row.case_count) })),
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

import type { Kysely } from 'kysely'
import type { CaseSource } from '../../../domain/assignments/board'
import { displayName } from '../../../domain/profiles/display'
import type { DB } from '../../db/schema'
import type { BoardScope } from './board-sql'

const HISTORY_FIELDS = {
  assigned_agent_id: 'agent',
  assigned_camera_driver_id: 'cameraDriver',
  assignment_state: 'state',
} as const
const HISTORY_LIMIT = 100

/** The markets of ZIPs (active market_zip_codes; the first market by name when several cover one). */
export async function zipMarkets(db: Kysely<DB>, companyId: string, zips: readonly string[]) {
  if (zips.length === 0) return new Map<string, string>()
  const rows = await db
    .selectFrom('market_zip_codes')
    .select(['zip_code', 'market'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .where('zip_code', 'in', [...new Set(zips)])
    .orderBy('market', 'desc')
    .execute()
  return new Map(rows.map((row) => [row.zip_code, row.market]))
}

/**
 * A case's assignment history from its timeline (who was put on it or taken off, the state, by
 * whom, when), newest first; null when the case is not in the scope. People read by name: an RDN
 * case's agent by the person its RDN agent id is mapped to.
 */
export async function assignmentHistory(db: Kysely<DB>, scope: BoardScope, source: CaseSource, id: string) {
  const table = source === 'order' ? 'orders' : 'rdn_cases'
  let found = db.selectFrom(table).select('id').where('company_id', '=', scope.companyId).where('id', '=', id)
  if (scope.markets) found = found.where('detected_market', 'in', scope.markets.length ? scope.markets : [''])
  if (!(await found.executeTakeFirst())) return null
  const entries = await db
    .selectFrom('case_timeline')
    .select(['id', 'field', 'old_value', 'new_value', 'actor_profile_id', 'source', 'created_at'])
    .where('company_id', '=', scope.companyId)
    .where(source === 'order' ? 'order_id' : 'rdn_case_id', '=', id)
    .where('kind', '=', 'change')
    .where('field', 'in', Object.keys(HISTORY_FIELDS))
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute()
  const values = entries.flatMap((entry) => [entry.old_value, entry.new_value, entry.actor_profile_id])
  const names = await personNames(
    db,
    scope.companyId,
    values.filter((value): value is string => Boolean(value)),
  )
  const read = (value: string | null) => (value === null ? null : (names.get(value) ?? value))
  return entries.map((entry) => {
    const what = HISTORY_FIELDS[entry.field as keyof typeof HISTORY_FIELDS]
    return {
      id: String(entry.id),
      what,
      from: what === 'state' ? entry.old_value : read(entry.old_value),
      to: what === 'state' ? entry.new_value : read(entry.new_value),
      by: entry.actor_profile_id ? (names.get(entry.actor_profile_id) ?? 'Former user') : null,
      source: entry.source,
      at: entry.created_at.toISOString(),
    }
  })
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Names of people by profile id or RDN agent id (a mapping first, else the profile carrying it). */
async function personNames(db: Kysely<DB>, companyId: string, keys: string[]) {
  const names = new Map<string, string>()
  if (keys.length === 0) return names
  const unique = [...new Set(keys)]
  const profileIds = unique.filter((key) => UUID.test(key))
  const [profiles, mappings] = await Promise.all([
    db
      .selectFrom('profiles')
      .select(['id', 'first_name', 'last_name', 'email', 'rdn_id_number'])
      .where('company_id', '=', companyId)
      .where((eb) =>
        eb.or([...(profileIds.length ? [eb('id', 'in', profileIds)] : []), eb('rdn_id_number', 'in', unique)]),
      )
      .execute(),
    db
      .selectFrom('rdn_agent_mappings')
      .innerJoin('profiles', 'profiles.id', 'rdn_agent_mappings.profile_id')
      .select(['rdn_agent_mappings.rdn_agent_id', 'profiles.first_name', 'profiles.last_name', 'profiles.email'])
      .where('rdn_agent_mappings.company_id', '=', companyId)
      .where('rdn_agent_mappings.rdn_agent_id', 'in', unique)
      .execute(),
  ])
  for (const profile of profiles) {
    names.set(profile.id, displayName(profile))
    if (profile.rdn_id_number) names.set(profile.rdn_id_number, displayName(profile))
  }
  for (const mapping of mappings) names.set(mapping.rdn_agent_id, displayName(mapping))
  return names
}

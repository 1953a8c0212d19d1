import type { Kysely } from 'kysely'
import { profileMarkets } from '../../domain/dashboards/markets'
import type { Viewer } from '../app-env'
import type { DB } from '../db/schema'

/** The markets whose work a person sees: an administrator sees every market (null), others their profile's. */
export async function viewerMarkets(db: Kysely<DB>, viewer: Viewer): Promise<string[] | null> {
  if (viewer.role === 'admin') return null
  const profile = await db
    .selectFrom('profiles')
    .select('market')
    .where('id', '=', viewer.profileId)
    .where('company_id', '=', viewer.companyId)
    .executeTakeFirst()
  return profileMarkets(profile?.market)
}

/** The RDN agent ids that are the viewer's (mappings, then the profile's own number unless mapped to another). */
export async function viewerRdnIds(db: Kysely<DB>, viewer: Viewer): Promise<string[]> {
  const [mappings, profile, mappedElsewhere] = await Promise.all([
    db
      .selectFrom('rdn_agent_mappings')
      .select('rdn_agent_id')
      .where('company_id', '=', viewer.companyId)
      .where('profile_id', '=', viewer.profileId)
      .execute(),
    db
      .selectFrom('profiles')
      .select('rdn_id_number')
      .where('id', '=', viewer.profileId)
      .where('company_id', '=', viewer.companyId)
      .executeTakeFirst(),
    db
      .selectFrom('rdn_agent_mappings')
      .innerJoin('profiles', 'profiles.rdn_id_number', 'rdn_agent_mappings.rdn_agent_id')
      .select('rdn_agent_mappings.profile_id')
      .where('rdn_agent_mappings.company_id', '=', viewer.companyId)
      .where('profiles.id', '=', viewer.profileId)
      .executeTakeFirst(),
  ])
  const ids = mappings.map((mapping) => mapping.rdn_agent_id)
  if (profile?.rdn_id_number && !mappedElsewhere) ids.push(profile.rdn_id_number)
  return [...new Set(ids)]
}

import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/** The company's active recovery agents and camera car drivers, with the RDN agent ids that are theirs. */
export async function listFieldPeople(db: Db, companyId: string) {
  const [people, mappings] = await Promise.all([
    db
      .selectFrom('profiles')
      .select(['id', 'first_name', 'last_name', 'email', 'role', 'market', 'rdn_id_number'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where('role', 'in', ['recovery_agent', 'camera_driver'])
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('id')
      .execute(),
    listRdnMappings(db, companyId),
  ])
  return { people, mappings }
}

/** Every RDN agent id mapped to a person, oldest first (the first is the one new assignments use). */
export function listRdnMappings(db: Db, companyId: string) {
  return db
    .selectFrom('rdn_agent_mappings')
    .select(['rdn_agent_id', 'profile_id'])
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

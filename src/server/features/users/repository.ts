import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

const profileColumns = [
  'id',
  'user_id',
  'first_name',
  'last_name',
  'email',
  'avatar_url',
  'market',
  'role',
  'rdn_id_number',
  'active',
] as const

/** The company's people, active first, then by first name (SPEC.md section 7). */
export function listCompanyProfiles(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('profiles')
    .select(profileColumns)
    .where('company_id', '=', companyId)
    .orderBy('active', 'desc')
    .orderBy('first_name', 'asc')
    .orderBy('email', 'asc')
    .execute()
}

export function findCompanyProfile(db: Kysely<DB>, companyId: string, profileId: string) {
  return db
    .selectFrom('profiles')
    .select(profileColumns)
    .where('company_id', '=', companyId)
    .where('id', '=', profileId)
    .executeTakeFirst()
}

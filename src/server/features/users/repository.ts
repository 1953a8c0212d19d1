import { type Kysely, sql, type Transaction } from 'kysely'
import { deleteResetLinks } from '../../auth/sessions'
import type { DB } from '../../db/schema'
import { containsPattern } from '../../queries/like-pattern'

export const profileColumns = [
  'profiles.id',
  'profiles.user_id',
  'profiles.first_name',
  'profiles.last_name',
  'profiles.email',
  'profiles.avatar_url',
  'profiles.market',
  'profiles.role',
  'profiles.rdn_id_number',
  'profiles.active',
] as const

export type UserFilters = { search?: string; role?: string; market?: string }

/** The company's people the filters select: User Management's list and its export add their columns and order. */
export function filteredCompanyProfiles(db: Kysely<DB>, companyId: string, filters: UserFilters) {
  let query = db.selectFrom('profiles').where('company_id', '=', companyId)
  if (filters.search) {
    query = query.where(
      sql<string>`(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)`,
      'ilike',
      containsPattern(filters.search),
    )
  }
  if (filters.role) query = query.where('role', '=', filters.role)
  if (filters.market) query = query.where('market', '=', filters.market)
  return query
}

/** The company's people, active first, then by first name (SPEC.md section 7), filtered. */
export function listCompanyProfiles(db: Kysely<DB>, companyId: string, filters: UserFilters = {}) {
  return filteredCompanyProfiles(db, companyId, filters)
    .select(profileColumns)
    .orderBy('active', 'desc')
    .orderBy('first_name', 'asc')
    .orderBy('email', 'asc')
    .execute()
}

export function findCompanyProfile(db: Kysely<DB> | Transaction<DB>, companyId: string, profileId: string) {
  return db
    .selectFrom('profiles')
    .select(profileColumns)
    .where('company_id', '=', companyId)
    .where('id', '=', profileId)
    .executeTakeFirst()
}

/** Locks the company's active administrators until the transaction ends, and returns their ids. */
export async function lockActiveAdminIds(trx: Transaction<DB>, companyId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('profiles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role', '=', 'admin')
    .where('active', '=', true)
    .forUpdate()
    .execute()
  return rows.map((row) => row.id)
}

/**
 * The account already holding an e-mail, and whether a profile belongs to it. An account without
 * a profile is an orphan of an interrupted creation: nobody can use it or see it.
 */
export function findAccountByEmail(trx: Transaction<DB>, email: string) {
  return trx
    .selectFrom('auth_user')
    .leftJoin('profiles', 'profiles.user_id', 'auth_user.id')
    .select(['auth_user.id', 'profiles.id as profileId'])
    .where('auth_user.email', '=', email)
    .executeTakeFirst()
}

/** Removes an account with everything hanging on it (credential, sessions, profile cascade; its links). */
export async function deleteAccount(db: Kysely<DB> | Transaction<DB>, userId: string) {
  await deleteResetLinks(db, userId)
  await db.deleteFrom('auth_user').where('id', '=', userId).execute()
}

/** The names of the company's configured markets (Market Configuration: its ZIP codes and lots). */
export async function listCompanyMarketNames(db: Kysely<DB> | Transaction<DB>, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('market_zip_codes')
    .select('market')
    .where('company_id', '=', companyId)
    .union(db.selectFrom('market_lots').select('market').where('company_id', '=', companyId))
    .execute()
  return rows.map((row) => row.market)
}

/** Distinct markets named on the company's profiles, for the filter. */
export async function listProfileMarkets(db: Kysely<DB>, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('profiles')
    .select('market')
    .distinct()
    .where('company_id', '=', companyId)
    .where('market', 'is not', null)
    .orderBy('market')
    .execute()
  return rows.map((row) => row.market as string)
}

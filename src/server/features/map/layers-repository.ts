import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

// What the map draws besides the cases: the company's markets, people, clients, lots and ZIP coverage.

/** The company's market names: those with an active ZIP code or an active lot. */
export async function activeMarketNames(db: Kysely<DB>, companyId: string) {
  const rows = await db
    .selectFrom('market_zip_codes')
    .select('market')
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .union(db.selectFrom('market_lots').select('market').where('company_id', '=', companyId).where('active', '=', true))
    .execute()
  return rows.map((row) => row.market)
}

const personColumns = ['id', 'first_name', 'last_name', 'email', 'market'] as const

/** The company's active recovery agents, with the markets they work. */
export function activeRecoveryAgents(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('profiles')
    .select(personColumns)
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .where('role', '=', 'recovery_agent')
    .execute()
}

export function findPerson(db: Kysely<DB>, companyId: string, profileId: string) {
  return db
    .selectFrom('profiles')
    .select(personColumns)
    .where('company_id', '=', companyId)
    .where('id', '=', profileId)
    .executeTakeFirst()
}

export function activeClients(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .orderBy('name')
    .execute()
}

/** Active storage lots of these markets (null: every market). */
export async function activeLots(db: Kysely<DB>, companyId: string, markets: string[] | null) {
  if (markets?.length === 0) return []
  return db
    .selectFrom('market_lots')
    .select(['id', 'market', 'name', 'address', 'latitude', 'longitude'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .$if(markets !== null, (query) => query.where('market', 'in', markets ?? []))
    .orderBy('market')
    .orderBy('name')
    .execute()
}

/** Active ZIP codes of these markets (null: every market), by market then ZIP. */
export async function activeZipCodes(db: Kysely<DB>, companyId: string, markets: string[] | null) {
  if (markets?.length === 0) return []
  return db
    .selectFrom('market_zip_codes')
    .select(['market', 'zip_code'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .$if(markets !== null, (query) => query.where('market', 'in', markets ?? []))
    .orderBy('market')
    .orderBy('zip_code')
    .execute()
}

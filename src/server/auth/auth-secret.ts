import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'

const SETTING_KEY = 'auth_secret'

/**
 * The secret that signs session cookies: AUTH_SECRET when set, otherwise one generated on the
 * first start and kept in the database, so every instance on the same database agrees.
 */
export async function resolveAuthSecret(db: Kysely<DB>, configured: string | undefined): Promise<string> {
  if (configured) return configured
  await db
    .insertInto('app_settings')
    .values({ key: SETTING_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute()
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', SETTING_KEY)
    .executeTakeFirstOrThrow()
  return row.value
}

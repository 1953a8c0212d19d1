import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { DB } from '../db/schema'
import { insertCredentialUser } from './credential-users'

export type BootstrapResult = { companyId: string; email: string; password: string; generated: boolean }

/**
 * On an empty database, creates the first company and its administrator, whose password must be
 * changed at first sign-in. Does nothing once any company exists; concurrent instances are
 * serialized by an advisory lock. The generated password is returned once, never stored in clear.
 */
export async function bootstrapFirstCompany(
  db: Kysely<DB>,
  admin: { email: string; password: string | undefined; companyName?: string },
): Promise<BootstrapResult | null> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('recovery-desk:bootstrap'))`.execute(trx)
    const existing = await trx.selectFrom('companies').select('id').limit(1).executeTakeFirst()
    if (existing) return null
    const company = await trx
      .insertInto('companies')
      .values({ name: admin.companyName ?? 'Recovery Desk' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const password = admin.password ?? randomBytes(12).toString('base64url')
    await insertCredentialUser(trx, {
      companyId: company.id,
      email: admin.email,
      password,
      firstName: 'Admin',
      lastName: null,
      role: 'admin',
      mustChangePassword: true,
    })
    return { companyId: company.id, email: admin.email, password, generated: !admin.password }
  })
}

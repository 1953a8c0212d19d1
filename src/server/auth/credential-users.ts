import { randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Role } from '../../domain/auth'
import type { DB } from '../db/schema'

/** better-auth's admin plugin knows two roles: ours map to 'admin' or 'user'. */
export function authRoleOf(role: Role): string {
  return role === 'admin' ? 'admin' : 'user'
}

export type NewCredentialUser = {
  companyId: string
  email: string
  /** The password, or its hash made beforehand (scrypt takes a while: not inside a transaction). */
  password: string | { hash: string }
  firstName: string | null
  lastName: string | null
  role: Role
  market?: string | null
  rdnIdNumber?: string | null
  mustChangePassword: boolean
}

/**
 * Writes an email + password account (better-auth's user and credential rows, hashed with its
 * scrypt) and the profile linked to it, inside the caller's transaction. Returns the ids.
 */
export async function insertCredentialUser(
  trx: Kysely<DB> | Transaction<DB>,
  user: NewCredentialUser,
): Promise<{ userId: string; profileId: string }> {
  const userId = randomUUID()
  const email = user.email.trim().toLowerCase()
  const now = new Date()
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || email
  await trx
    .insertInto('auth_user')
    .values({
      id: userId,
      name,
      email,
      emailVerified: true,
      image: null,
      role: authRoleOf(user.role),
      banned: false,
      banReason: null,
      banExpires: null,
      mustChangePassword: user.mustChangePassword,
    })
    .execute()
  await trx
    .insertInto('auth_account')
    .values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: typeof user.password === 'string' ? await hashPassword(user.password) : user.password.hash,
      updatedAt: now,
    })
    .execute()
  const profile = await trx
    .insertInto('profiles')
    .values({
      user_id: userId,
      company_id: user.companyId,
      email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
      market: user.market ?? null,
      rdn_id_number: user.rdnIdNumber ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { userId, profileId: profile.id }
}

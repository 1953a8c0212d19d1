import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../db/schema'
import { RESET_PASSWORD_PREFIX } from './reset-tokens'

type Db = Kysely<DB> | Transaction<DB>

/**
 * Ends a person's sessions at once: their own (but `except`, the one they are using), and every
 * 'view as' session they opened as someone else (its userId is the other person's, impersonatedBy
 * theirs), so access they lose is not kept through one.
 */
export function endSessions(db: Db, userId: string, { except }: { except?: string } = {}) {
  let query = db
    .deleteFrom('auth_session')
    .where((eb) => eb.or([eb('userId', '=', userId), eb('impersonatedBy', '=', userId)]))
  if (except) query = query.where('id', '!=', except)
  return query.executeTakeFirst()
}

/** Ends only the 'view as' sessions a person opened as someone else. */
export function endViewAsSessionsOpenedBy(db: Db, userId: string) {
  return db.deleteFrom('auth_session').where('impersonatedBy', '=', userId).execute()
}

/** Ends every password reset and invitation link of a person. */
export function deleteResetLinks(db: Db, userId: string) {
  return db
    .deleteFrom('auth_verification')
    .where('identifier', 'like', `${RESET_PASSWORD_PREFIX}%`)
    .where('value', '=', userId)
    .execute()
}

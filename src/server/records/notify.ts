import type { Insertable, Kysely, Transaction } from 'kysely'
import type { DB, NotificationsTable } from '../db/schema'

/**
 * Writes notifications for people; a row whose person already has its dedupe key is skipped, so
 * a source that fires again (a retry, a second instance) tells no one twice.
 */
export async function insertNotifications(
  db: Kysely<DB> | Transaction<DB>,
  rows: Insertable<NotificationsTable>[],
): Promise<number> {
  if (rows.length === 0) return 0
  const result = await db
    .insertInto('notifications')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['profile_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing(),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0)
}

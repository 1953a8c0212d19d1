import { type Kysely, sql } from 'kysely'
import { UNREAD_COUNT_CAP } from '../../../domain/notifications/notifications'
import type { DB } from '../../db/schema'

/** Whose notifications: always one person of one company. */
export type Owner = { companyId: string; profileId: string }

const mine = (db: Kysely<DB>, owner: Owner) =>
  db
    .selectFrom('notifications')
    .where('notifications.company_id', '=', owner.companyId)
    .where('notifications.profile_id', '=', owner.profileId)

/** Whether `id` is one of the owner's notifications (a list cursor must be). */
export async function ownsNotification(db: Kysely<DB>, owner: Owner, id: string) {
  return Boolean(await mine(db, owner).select('id').where('id', '=', id).executeTakeFirst())
}

/** One page, newest first, after the `cursor` notification; one more row than asked tells whether more follow. */
export function listNotifications(db: Kysely<DB>, owner: Owner, limit: number, cursor: string | undefined) {
  let query = mine(db, owner).select(['id', 'kind', 'message', 'href', 'order_id', 'created_at', 'read_at'])
  if (cursor) {
    query = query.where(
      sql<boolean>`(notifications.created_at, notifications.id) < (select c.created_at, c.id from notifications c where c.id = ${cursor})`,
    )
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
}

/**
 * The unread count, counted only up to UNREAD_COUNT_CAP: the badge says '99+' past 99, and an
 * agent with tens of thousands unread must not cost a full count on every bell refresh.
 */
export async function countUnread(db: Kysely<DB>, owner: Owner) {
  const row = await db
    .selectFrom(mine(db, owner).select('id').where('read_at', 'is', null).limit(UNREAD_COUNT_CAP).as('unread'))
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Marks read those of `ids` that are the owner's and unread (anything else is left alone). */
export async function markRead(db: Kysely<DB>, owner: Owner, ids: string[] | 'all') {
  let query = db
    .updateTable('notifications')
    .set({ read_at: sql`now()` })
    .where('company_id', '=', owner.companyId)
    .where('profile_id', '=', owner.profileId)
    .where('read_at', 'is', null)
  if (ids !== 'all') query = query.where('id', 'in', ids)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

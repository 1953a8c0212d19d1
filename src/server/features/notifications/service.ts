import { NOTIFICATION_PAGE_SIZE } from '../../../domain/notifications/notifications'
import type { AppDeps, Viewer } from '../../app-env'
import { badRequest } from '../../http/app-error'
import { countUnread, listNotifications, markRead, type Owner, ownsNotification } from './repository'

const ownerOf = (viewer: Viewer): Owner => ({ companyId: viewer.companyId, profileId: viewer.profileId })

/** The viewer's own notifications, newest first, a page at a time, with their unread count. */
export async function getNotifications({ db }: AppDeps, viewer: Viewer, cursor: string | undefined) {
  const owner = ownerOf(viewer)
  if (cursor && !(await ownsNotification(db, owner, cursor))) {
    throw badRequest('cursor: must be the id of one of your notifications', 'cursor')
  }
  const [rows, unread] = await Promise.all([
    listNotifications(db, owner, NOTIFICATION_PAGE_SIZE + 1, cursor),
    countUnread(db, owner),
  ])
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE)
  return {
    notifications: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      message: row.message,
      href: row.href ?? (row.order_id ? `/order/${row.order_id}` : null),
      createdAt: row.created_at.toISOString(),
      read: row.read_at !== null,
    })),
    unread,
    nextCursor: rows.length > NOTIFICATION_PAGE_SIZE ? page[page.length - 1].id : null,
  }
}

export async function getUnreadCount({ db }: AppDeps, viewer: Viewer) {
  return { unread: await countUnread(db, ownerOf(viewer)) }
}

/** Marks the viewer's own notifications read; another person's ids change nothing. */
export async function markNotificationsRead({ db }: AppDeps, viewer: Viewer, ids: string[] | 'all') {
  const owner = ownerOf(viewer)
  const read = await markRead(db, owner, ids)
  return { read, unread: await countUnread(db, owner) }
}

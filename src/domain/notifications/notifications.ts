/** Until the client's own cadence is kept (a later issue), a case of mine with no update this long is told of. */
export const STALE_UPDATE_HOURS = 72

/** The notifications one page of the bell's list holds. */
export const NOTIFICATION_PAGE_SIZE = 20

/** What a notification is about. */
export const NOTIFICATION_KINDS = ['ccd_find', 'assigned', 'note', 'stale', 'signature', 'hold', 'on_hook'] as const

/** Kinds a person must see at once (a hold: do not recover). */
export const URGENT_NOTIFICATION_KINDS: readonly NotificationKind[] = ['hold']
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** Above this the badge stops counting. */
const BADGE_MAX = 99

/** The server counts unread notifications only this far: enough to say '99+'. */
export const UNREAD_COUNT_CAP = BADGE_MAX + 1

/** The bell's badge: nothing at 0 (or less), the count up to 99, then '99+'. */
export function unreadBadge(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(unread))
}

/** The bell's accessible name: 'Notifications' alone when nothing is unread, else 'Notifications, 3 unread'. */
export function bellLabel(unread: number): string {
  const badge = unreadBadge(unread)
  return badge ? `Notifications, ${badge} unread` : 'Notifications'
}

/**
 * When a notification came, short: 'just now' under a minute, '5 min ago', '3 h ago' within the day,
 * 'yesterday', '4 days ago' within the week, then the date ('Nov 2' this year, 'Nov 2, 2024' before).
 */
export function notificationAge(createdAt: Date, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - createdAt.getTime()) / 1000)
  if (seconds < 60) return 'just now'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  if (days === 1) return 'yesterday'
  if (days < 7) return `${days} days ago`
  const sameYear = createdAt.getFullYear() === now.getFullYear()
  return createdAt.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  })
}

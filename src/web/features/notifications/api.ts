import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { URGENT_NOTIFICATION_KINDS } from '../../../domain/notifications/notifications'
import { api, readJson } from '../../lib/api'
import { RECONNECTED_EVENT, useRealtimeEvent } from '../../lib/realtime'

const notifications = api.api.notifications
const notificationsKey = ['notifications'] as const

export type NotificationPage = InferResponseType<typeof notifications.$get, 200>
export type NotificationItem = NotificationPage['notifications'][number]

/** The bell's badge: the viewer's unread count, kept current by the live stream. */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...notificationsKey, 'unread'],
    queryFn: async () => readJson<{ unread: number }>(await notifications['unread-count'].$get()),
    select: (data) => data.unread,
  })
}

/** The list, newest first, 20 a page; read only while the list is open. */
export function useNotificationList(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...notificationsKey, 'list'],
    queryFn: async ({ pageParam }) =>
      readJson<NotificationPage>(await notifications.$get({ query: pageParam ? { cursor: pageParam } : {} })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  })
}

function useAfterRead() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: notificationsKey })
    // The field manager's dashboard lists unread camera car finds: the same notifications.
    void queryClient.invalidateQueries({ queryKey: ['dashboards', 'field-manager'] })
  }
}

export function useMarkRead() {
  const afterRead = useAfterRead()
  return useMutation({
    mutationFn: async (ids: string[]) => readJson(await notifications.read.$post({ json: { ids } })),
    onSettled: afterRead,
  })
}

export function useMarkAllRead() {
  const afterRead = useAfterRead()
  return useMutation({
    mutationFn: async () => readJson(await notifications['read-all'].$post()),
    onSettled: afterRead,
  })
}

/** A notification made or read anywhere (another tab, another instance) shows here at once. */
export function useLiveNotifications() {
  const refresh = useAfterRead()
  useRealtimeEvent('notifications', refresh)
  useRealtimeEvent(RECONNECTED_EVENT, refresh)
}

/** Whether a notification is one a person must see at once (a hold: do not recover). */
export const isUrgent = (item: Pick<NotificationItem, 'kind'>) =>
  (URGENT_NOTIFICATION_KINDS as readonly string[]).includes(item.kind)

/**
 * The viewer's unread urgent notifications among the newest page, for the notice every open
 * screen shows; read again whenever a notification is made or read (the live stream) or the
 * stream is back after a loss.
 */
export function useUnreadUrgent() {
  const queryClient = useQueryClient()
  const queryKey = [...notificationsKey, 'urgent'] as const
  const refresh = () => void queryClient.invalidateQueries({ queryKey })
  useRealtimeEvent('notifications', refresh)
  useRealtimeEvent(RECONNECTED_EVENT, refresh)
  return useQuery({
    queryKey,
    queryFn: async () => readJson<NotificationPage>(await notifications.$get({ query: {} })),
    select: (page) => page.notifications.filter((item) => !item.read && isUrgent(item)),
  })
}

import { Bell, CheckCheck, OctagonAlert, RotateCw } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { formatDateTime } from '../../../domain/formats/dates'
import { bellLabel, notificationAge, unreadBadge } from '../../../domain/notifications/notifications'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { cn } from '../../lib/utils'
import {
  isUrgent,
  type NotificationItem,
  useLiveNotifications,
  useMarkAllRead,
  useMarkRead,
  useNotificationList,
  useUnreadCount,
} from './api'

/**
 * The header's bell (docs/decisions/009): the viewer's unread count, live, and their notifications
 * newest first; a click opens what one is about and marks it read.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false)
  const unread = useUnreadCount()
  useLiveNotifications()
  const count = unread.data ?? 0
  const badge = unreadBadge(count)
  return (
    // Not modal: the rest of the screen stays in the accessibility tree (and the badge readable)
    // while the list is open, and it updates live underneath.
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={bellLabel(count)}>
          <Bell aria-hidden />
          {badge && (
            <span
              aria-hidden
              data-testid="notification-badge"
              className="absolute right-0.5 top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-destructive-foreground"
            >
              {badge}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(24rem,calc(100vw-1rem))] p-0" aria-label="Notifications">
        {open && <NotificationList unread={count} close={() => setOpen(false)} />}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

function NotificationList({ unread, close }: { unread: number; close: () => void }) {
  const list = useNotificationList(true)
  const markAll = useMarkAllRead()
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? []
  return (
    <>
      <div className="flex items-center justify-between gap-2 px-1 py-1">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuItem
          className="text-xs"
          disabled={unread === 0 || markAll.isPending}
          onSelect={(event) => {
            event.preventDefault()
            markAll.mutate()
          }}
        >
          <CheckCheck aria-hidden />
          Mark all read
        </DropdownMenuItem>
      </div>
      <DropdownMenuSeparator className="mx-0 my-0" />
      {/* A tab stop of its own: a long list scrolls by keyboard too (the items are the menu's, reached by arrows). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a group of the menu's items (a menu may hold only items and groups), not a form's fieldset */}
      <div
        className="max-h-[min(28rem,70vh)] overflow-y-auto p-1 focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="notification-list"
        role="group"
        aria-label="Notification list"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        {list.isPending ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">Loading notifications...</p>
        ) : list.isError ? (
          <div className="space-y-1 px-2 py-3 text-center text-sm">
            <p className="text-destructive">{list.error.message || 'Could not load notifications.'}</p>
            <DropdownMenuItem
              className="justify-center"
              onSelect={(event) => {
                event.preventDefault()
                void list.refetch()
              }}
            >
              <RotateCw aria-hidden />
              Retry
            </DropdownMenuItem>
          </div>
        ) : items.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">No notifications</p>
        ) : (
          <>
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} close={close} />
            ))}
            {list.hasNextPage && (
              <DropdownMenuItem
                className="justify-center text-xs"
                disabled={list.isFetchingNextPage}
                onSelect={(event) => {
                  event.preventDefault()
                  void list.fetchNextPage()
                }}
              >
                {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
              </DropdownMenuItem>
            )}
          </>
        )}
      </div>
    </>
  )
}

function NotificationRow({ item, close }: { item: NotificationItem; close: () => void }) {
  const navigate = useNavigate()
  const markRead = useMarkRead()
  const createdAt = new Date(item.createdAt)
  const urgent = isUrgent(item)
  return (
    <DropdownMenuItem
      className={cn('items-start gap-3 py-2', urgent && 'border-l-4 border-destructive bg-destructive/5')}
      data-testid="notification-item"
      data-read={item.read}
      data-urgent={urgent}
      onSelect={() => {
        if (!item.read) markRead.mutate([item.id])
        close()
        if (item.href) navigate(item.href)
      }}
    >
      {urgent ? (
        <OctagonAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
      ) : (
        <span
          aria-hidden
          className={`mt-1.5 size-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-primary'}`}
        />
      )}
      <span className="min-w-0 flex-1 space-y-0.5">
        {!item.read && <span className="sr-only">Unread: </span>}
        {urgent && <span className="sr-only">Urgent: </span>}
        <span
          className={cn(
            'block break-words',
            item.read ? 'text-muted-foreground' : 'font-medium',
            urgent && 'text-destructive',
          )}
        >
          {item.message}
        </span>
        <time
          dateTime={item.createdAt}
          title={formatDateTime(createdAt)}
          className="block text-xs text-muted-foreground"
        >
          {notificationAge(createdAt, new Date())}
        </time>
      </span>
    </DropdownMenuItem>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { OctagonAlert } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { Button } from '../../components/ui/button'
import { useMarkRead, useUnreadUrgent } from './api'

/** The most notices shown at once; the bell lists the rest. */
const SHOWN = 3

/**
 * Urgent notices (a hold: do not recover) on every signed-in screen, at once, live: each stays
 * until its person says 'Got it' (which marks it read). A new one refreshes what the screen shows
 * of cases, so an open case shows its stop and loses its On-Hook button without a reload.
 */
export function HoldNotices() {
  const urgent = useUnreadUrgent()
  const markRead = useMarkRead()
  const queryClient = useQueryClient()
  const location = useLocation()
  const known = useRef(new Set<string>())
  const items = urgent.data ?? []

  useEffect(() => {
    const fresh = items.filter((item) => !known.current.has(item.id))
    if (fresh.length === 0) return
    for (const item of fresh) known.current.add(item.id)
    for (const queryKey of [['recovery-field'], ['orders', 'detail'], ['cases'], ['dashboards']])
      void queryClient.invalidateQueries({ queryKey })
  }, [items, queryClient])

  if (items.length === 0) return null
  return (
    <section
      aria-label="Urgent notices"
      className="fixed inset-x-0 top-0 z-[60] mx-auto flex max-w-2xl flex-col gap-2 p-2"
      data-testid="hold-notices"
    >
      {items.slice(0, SHOWN).map((item) => (
        <div
          key={item.id}
          role="alert"
          data-testid="hold-notice"
          className="flex items-start gap-3 rounded-md border border-destructive bg-background p-3 text-sm shadow-lg"
        >
          <OctagonAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <p className="min-w-0 flex-1 break-words font-medium text-destructive">{item.message}</p>
          <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
            {item.href && item.href !== location.pathname && (
              <Button asChild size="sm" variant="outline">
                <Link to={item.href}>Open case</Link>
              </Button>
            )}
            <Button size="sm" disabled={markRead.isPending} onClick={() => markRead.mutate([item.id])}>
              Got it
            </Button>
          </div>
        </div>
      ))}
    </section>
  )
}

import type { Context } from 'hono'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { canOpenScreen } from '../../domain/auth'
import type { AppDeps, AppEnv, Viewer } from '../app-env'
import { requireScreen, requireSignedIn, requireViewer } from '../auth/viewer'
import { markHoldNoticesDelivered } from '../features/holds/receipts-service'

/** SPEC.md section 9: the realtime heartbeat. */
const HEARTBEAT_MS = 25_000

type Send = (data: string) => void

/**
 * The events a stream carries, each for the viewers who may have it: subscribe returns the
 * unsubscribe, or null when the viewer may not receive that event. Another live event is an entry here.
 */
const LIVE_EVENTS: Record<string, (deps: AppDeps, viewer: Viewer, send: Send) => (() => void) | null> = {
  // The company's RDN cases: for the case list, so only for those who may open Order Management.
  cases: (deps, viewer, send) =>
    canOpenScreen(viewer.role, 'Order Management') ? deps.caseChanges.subscribe(viewer.companyId, send) : null,
  // The company's own orders: for the Orders tab of Order Management, likewise.
  orders: (deps, viewer, send) =>
    canOpenScreen(viewer.role, 'Order Management') ? deps.orderChanges.subscribe(viewer.companyId, send) : null,
  // The viewer's own notifications, new or read (on any instance).
  notifications: (deps, viewer, send) => deps.notificationChanges.subscribe(viewer.profileId, send),
}

/** What a written event means beyond itself: a new notification on an open screen delivers its hold notices. */
const AFTER_WRITE: Record<string, (deps: AppDeps, viewer: Viewer, data: string) => Promise<unknown> | undefined> = {
  notifications: (deps, viewer, data) =>
    data === 'INSERT' || data === 'RECONNECTED' ? markHoldNoticesDelivered(deps.db, viewer.profileId) : undefined,
}

/**
 * Server-Sent Events. GET /api/events is the one stream a browser tab opens (a browser allows few
 * connections per host): everything live the viewer may see. GET /api/events/cases, the lists'
 * stream before it, carries only 'cases' and 'orders'.
 */
export function realtimeRoutes(deps: AppDeps, { heartbeatMs = HEARTBEAT_MS } = {}) {
  const stream = (c: Context<AppEnv>, events: string[]) => {
    const viewer = requireViewer(c)
    return streamSSE(c, async (sse) => {
      let sequence = 0
      const unsubscribes = events.flatMap((event) => {
        const unsubscribe = LIVE_EVENTS[event](deps, viewer, (data) => {
          void sse
            .writeSSE({ event, data, id: String(++sequence) })
            .then(() => (sse.aborted || sse.closed ? undefined : AFTER_WRITE[event]?.(deps, viewer, data)))
            .catch((error) => deps.logger.warn({ err: error, event }, 'Live event follow-up failed'))
        })
        return unsubscribe ? [unsubscribe] : []
      })
      const unsubscribeAll = () => {
        for (const unsubscribe of unsubscribes) unsubscribe()
      }
      sse.onAbort(unsubscribeAll)
      try {
        await sse.writeSSE({ event: 'ready', data: 'listening' })
        // The screen that opened the stream loads its notifications: any hold notice waiting has reached it.
        if (events.includes('notifications')) await markHoldNoticesDelivered(deps.db, viewer.profileId)
        while (!sse.aborted && !sse.closed) {
          await sse.sleep(heartbeatMs)
          await sse.writeSSE({ event: 'heartbeat', data: '' })
        }
      } finally {
        unsubscribeAll()
      }
    })
  }
  return new Hono<AppEnv>()
    .get('/', requireSignedIn, (c) => stream(c, Object.keys(LIVE_EVENTS)))
    .get('/cases', requireScreen(deps.db, 'Order Management'), (c) => stream(c, ['cases', 'orders']))
}

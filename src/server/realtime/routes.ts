import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { AppDeps, AppEnv } from '../app-env'
import { requireScreen, requireViewer } from '../auth/viewer'

/** SPEC.md section 9: the realtime heartbeat. */
const HEARTBEAT_MS = 25_000

/**
 * Server-Sent Events: 'cases' whenever the viewer's company's RDN cases change, 'orders' whenever
 * its orders do, on any instance. The stream feeds Order Management's lists, so it answers only
 * the roles that may open it.
 */
export function realtimeRoutes(deps: AppDeps, { heartbeatMs = HEARTBEAT_MS } = {}) {
  return new Hono<AppEnv>().get('/cases', requireScreen(deps.db, 'Order Management'), (c) => {
    const { companyId } = requireViewer(c)
    return streamSSE(c, async (stream) => {
      let sequence = 0
      const unsubscribe = deps.caseChanges.subscribe(companyId, (op, kind) => {
        void stream.writeSSE({ event: kind, data: op, id: String(++sequence) })
      })
      stream.onAbort(unsubscribe)
      try {
        await stream.writeSSE({ event: 'ready', data: 'listening' })
        while (!stream.aborted && !stream.closed) {
          await stream.sleep(heartbeatMs)
          await stream.writeSSE({ event: 'heartbeat', data: '' })
        }
      } finally {
        unsubscribe()
      }
    })
  })
}

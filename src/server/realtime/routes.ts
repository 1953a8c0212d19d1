import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { AppDeps, AppEnv } from '../app-env'
import { requireViewer } from '../auth/viewer'

/** SPEC.md section 9: the realtime heartbeat. */
const HEARTBEAT_MS = 25_000

/** Server-Sent Events: 'cases' whenever the viewer's company's cases change, on any instance. */
export function realtimeRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/cases', (c) => {
    const viewer = requireViewer(c)
    return streamSSE(c, async (stream) => {
      let sequence = 0
      const unsubscribe = deps.caseChanges.subscribe(viewer.companyId, (op) => {
        void stream.writeSSE({ event: 'cases', data: op, id: String(++sequence) })
      })
      stream.onAbort(unsubscribe)
      await stream.writeSSE({ event: 'ready', data: 'listening' })
      while (!stream.aborted && !stream.closed) {
        await stream.sleep(HEARTBEAT_MS)
        await stream.writeSSE({ event: 'heartbeat', data: '' })
      }
      unsubscribe()
    })
  })
}

import type { MiddlewareHandler } from 'hono'

/** The answer, for the logs, to a request whose client left before its turn (nginx's code). */
export const CLIENT_CLOSED_REQUEST = 499

/**
 * At most `limit` GET (and HEAD) requests worked on at once; the others wait their turn, first
 * come first served, before any work is done for them. More than the database's connections can
 * serve at once gain nothing by starting: each would read its session and its first rows, then
 * hold them while it waits for a connection again, and the garbage collector copies everything
 * held (issue 21, docs/decisions/030). A request waits at most `maxWaitMs`, then goes in anyway
 * beside the others: a few slow answers (PDFs made in memory) or a database that does not answer
 * (each turn then lasts the pool's connection timeout) must not hold everyone up for long; one
 * whose client left while it waited is not worked on. Writes and uploads go straight in: a slow
 * upload must not hold a turn while its body arrives.
 */
export function admissionGate(limit: number, maxWaitMs = 1000): MiddlewareHandler {
  let working = 0
  /** Each waiting request's admission, in arrival order; removed as it is admitted or stops waiting. */
  const waiting = new Set<() => void>()
  const handOn = () => {
    const next = waiting.values().next()
    if (next.done) working--
    else {
      waiting.delete(next.value)
      next.value()
    }
  }
  /** True when a turn was given (to be handed on after), false when the wait ran out. */
  const turn = (): Promise<boolean> =>
    new Promise((resolve) => {
      const admit = () => {
        clearTimeout(timer)
        resolve(true)
      }
      const timer = setTimeout(() => {
        waiting.delete(admit)
        resolve(false)
      }, maxWaitMs)
      waiting.add(admit)
    })
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    let hasTurn = true
    if (working < limit) working++
    else {
      hasTurn = await turn()
      // Its client left while it waited (a closed tab, a proxy's timeout): no work for nobody.
      if (c.req.raw.signal.aborted) {
        if (hasTurn) handOn()
        return new Response(null, { status: CLIENT_CLOSED_REQUEST })
      }
    }
    try {
      await next()
    } finally {
      // A turn is handed over directly from a finished request to the next in line.
      if (hasTurn) handOn()
    }
  }
}

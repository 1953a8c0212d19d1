import type { MiddlewareHandler } from 'hono'

/**
 * At most `limit` GET requests worked on at once; the others wait their turn, first come first
 * served, before any work is done for them. More than the database's connections can serve at
 * once gain nothing by starting: each would read its session and its first rows, then hold them
 * while it waits for a connection again, and the garbage collector copies everything held (at 50
 * requests at once the case list spent a fifth of its time collecting, issue 21). Only GET:
 * writes and uploads go straight in, as a slow upload must not hold a turn while its body arrives.
 */
export function admissionGate(limit: number): MiddlewareHandler {
  let working = 0
  const waiting: (() => void)[] = []
  return async (c, next) => {
    if (c.req.method !== 'GET') return next()
    // A turn is handed over directly from a finished request to the next in line.
    if (working < limit) working++
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      await next()
    } finally {
      const nextInLine = waiting.shift()
      if (nextInLine) nextInLine()
      else working--
    }
  }
}

import type { MiddlewareHandler } from 'hono'
import { QUERY_CANCELED, runWithStatementContext, withStatementLimit } from '../db/statement-context'

/** What a request whose statement ran past its limit answers (503), in words for the person who asked. */
export const STATEMENT_TIMEOUT_MESSAGE =
  'This took too long to answer, so the server stopped it; try again in a moment, or ask for less at once'

/**
 * Each statement of the request may take `limitMs` (docs/decisions/032). A GET's (or HEAD's)
 * statements are also cancelled when its client leaves: nobody waits for what they read. A
 * write's are not: what a person sent is done whole or refused, not cut off where they left.
 */
export function limitStatements(limitMs: number): MiddlewareHandler {
  return (c, next) => {
    const reads = c.req.method === 'GET' || c.req.method === 'HEAD'
    return runWithStatementContext({ limitMs, signal: reads ? c.req.raw.signal : undefined }, next)
  }
}

/** A longer limit for the routes below (an export's batches), cancelled as the request's are. */
export function allowStatementsLonger(limitMs: number): MiddlewareHandler {
  return (_c, next) => withStatementLimit(limitMs, next)
}

/** Whether `error` (or its cause) is a statement cancelled: past its limit, or its client gone. */
export function isStatementCancelled(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  return code === QUERY_CANCELED || isStatementCancelled(cause, depth + 1)
}

import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { matchedRoutes } from 'hono/route'
import { AppError } from './app-error'

/** What a request body may weigh unless its route says otherwise (JSON forms, notes, lists of ids). */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024
export const DEFAULT_BODY_LIMIT_MESSAGE = 'The request is larger than 1 MB.'

/** Marks a route's own limit, so the default one leaves its requests to it. */
const OWN_LIMIT = Symbol('own body limit')

/**
 * Refuses a body over `maxSize` with a 413 naming the limit. The refusal closes the connection:
 * the rest of the body is still on its way, and the server stops reading it after a moment, so a
 * client reusing the connection would lose its next request ('other side closed').
 * On a route, it replaces the default limit: the only way a route takes more than 1 MB.
 */
export function limitBody(maxSize: number, message: string, field?: string): MiddlewareHandler {
  const limiter = bodyLimit({
    maxSize,
    onError: (c) => c.json(new AppError('payload_too_large', message, field).toJSON(), 413, { Connection: 'close' }),
  })
  return Object.assign(limiter, { [OWN_LIMIT]: maxSize })
}

function hasOwnLimit(handler: unknown): boolean {
  if (typeof handler !== 'function') return false
  // A router with its own error handler is composed around its handlers (hono's COMPOSED_HANDLER).
  const composed = Object.getOwnPropertySymbols(handler).map((key) => (handler as never)[key] as unknown)
  return OWN_LIMIT in handler || composed.some((inner) => typeof inner === 'function' && OWN_LIMIT in inner)
}

/** The default limit on every body, for the routes that do not set their own with `limitBody`. */
export function limitBodiesByDefault(): MiddlewareHandler {
  const byDefault = limitBody(DEFAULT_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_MESSAGE)
  return async (c, next) => {
    if (matchedRoutes(c).some((route) => hasOwnLimit(route.handler))) return next()
    return byDefault(c, next)
  }
}

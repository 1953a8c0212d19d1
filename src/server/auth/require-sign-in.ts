import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env'
import { unauthorized } from '../http/app-error'

/**
 * The API paths that answer without a session: each is authorised another way (its own sign-in
 * flow, an integration's API key, a signature link's token, a password reset link's token) or
 * serves no one's data (the health check).
 */
export const PUBLIC_API_PATHS: readonly RegExp[] = [
  /^\/api\/health(\/|$)/,
  /^\/api\/auth(\/|$)/,
  /^\/api\/public(\/|$)/,
  /^\/api\/sync(\/|$)/,
  /^\/api\/account\/password$/,
]

export const isPublicApiPath = (path: string) => PUBLIC_API_PATHS.some((pattern) => pattern.test(path))

/**
 * Sign-in first, on every other /api route, before any route reads its input: a caller without a
 * session learns only that they must sign in (401), never which of their fields were wrong (400).
 * Role and company come next, in each router's guard (requireScreen) or service.
 */
export const requireSignInFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('viewer') && !isPublicApiPath(c.req.path)) throw unauthorized()
  await next()
}

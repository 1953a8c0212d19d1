import type { Context } from 'hono'
import { AppError } from '../http/app-error'
import { isPublicApiPath } from './require-sign-in'

/**
 * Sign-in and role before input (issue 41): every guard that decides who may call a route (a
 * screen's roles, a role list, any signed-in person, an integration's key) marks the request, and
 * `validate()` asks for the mark before it reads any input. A route whose guard comes after its
 * input, or lives only in its service, answers a 500 naming itself outside production, so the
 * walk of every route as every role (src/server/access-order.test.ts) finds it; production is not
 * made to fail for it.
 */
const ACCESS_CHECKED = 'accessChecked'

// Any route's context (the env types of routers differ: an integration's carries its key's company).
// biome-ignore lint/suspicious/noExplicitAny: every router's Context qualifies
type AnyContext = Context<any>

export function markAccessChecked(c: AnyContext) {
  c.set(ACCESS_CHECKED, true)
}

export function assertAccessCheckedBeforeInput(c: AnyContext) {
  if (c.get(ACCESS_CHECKED) || isPublicApiPath(c.req.path) || process.env.NODE_ENV === 'production') return
  throw new AppError('internal', `${c.req.method} ${c.req.routePath} reads its input before checking who may call it.`)
}

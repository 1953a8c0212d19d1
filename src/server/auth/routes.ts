import { Hono } from 'hono'
import { describeRetryWait } from '../../domain/auth'
import type { AppDeps, AppEnv } from '../app-env'
import { AppError, badRequest, notFound } from '../http/app-error'
import { recordAudit } from '../records/audit'
import { CLIENT_IP_HEADER } from './auth'
import { createSignInLimiter } from './sign-in-limit'

/**
 * The only better-auth endpoints reachable over HTTP. Everything else it offers (sign-up, admin,
 * account changes, get-session, whose JSON carries the session token) is used by our own services
 * on the server, behind our permission checks; the web reads the session from /api/me.
 */
const PUBLIC_AUTH_ROUTES: ReadonlyArray<{ method: string; pattern: RegExp }> = [
  { method: 'POST', pattern: /^\/sign-in\/email$/ },
  { method: 'POST', pattern: /^\/sign-out$/ },
  { method: 'POST', pattern: /^\/request-password-reset$/ },
]

// No whitespace, no control character (a NUL cannot even be stored), one @, a dot after it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const EMAIL_SHAPE = /^[^\s@\u0000-\u001f]+@[^\s@\u0000-\u001f]+\.[^\s@\u0000-\u001f]+$/

/**
 * Sign-in and reset requests are read as JSON only (what our web sends): better-auth also takes
 * form bodies, which the e-mail reading below (the per-account limit) would not see.
 */
const isJsonRequest = (request: Request) =>
  request.headers.get('content-type')?.toLowerCase().split(';')[0].trim() === 'application/json'

/** The e-mail the request names, for the audit log; anything not shaped like one (a password typed in the wrong box) is not kept. */
async function readEmail(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { email?: unknown }
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
    return email.length <= 320 && EMAIL_SHAPE.test(email) ? email : null
  } catch {
    return null
  }
}

export function authRoutes(deps: AppDeps) {
  const { auth, db } = deps
  const limiter = createSignInLimiter(db, deps.config.signInRateLimit)
  return new Hono<AppEnv>().all('/*', async (c) => {
    const subPath = c.req.path.replace(/^\/api\/auth/, '')
    if (!PUBLIC_AUTH_ROUTES.some((route) => route.method === c.req.method && route.pattern.test(subPath))) {
      throw notFound()
    }
    const ip = c.get('clientIp')
    const headers = new Headers(c.req.raw.headers)
    headers.set(CLIENT_IP_HEADER, ip)
    const request = new Request(c.req.raw, { headers })
    if (subPath !== '/sign-out' && !isJsonRequest(request)) {
      throw badRequest('Send this request as JSON (Content-Type: application/json).')
    }

    if (subPath === '/sign-in/email') {
      const email = await readEmail(request)
      const verdict = await limiter.begin(ip, email)
      if (!verdict.allowed) {
        await recordAudit(db, { action: 'auth.sign_in_rate_limited', target: email, ip })
        const refusal = new AppError(
          'too_many_requests',
          `Too many failed sign-in attempts. ${describeRetryWait(verdict.retryAfterSeconds)}`,
        )
        return c.json(refusal.toJSON(), refusal.status, { 'Retry-After': String(verdict.retryAfterSeconds) })
      }
      let response: Response
      try {
        response = await auth.handler(request)
      } catch (error) {
        await limiter.notCounted(verdict.reservation)
        throw error
      }
      let actorUserId: string | null = null
      if (response.status === 200) {
        const body = (await response.clone().json()) as { user?: { id?: string } }
        actorUserId = body.user?.id ?? null
        await limiter.succeeded(verdict.reservation, email)
      } else if (response.status !== 401) {
        // Bad input or a deactivated account: no password was found wrong.
        await limiter.notCounted(verdict.reservation)
      }
      const action = response.status === 200 ? 'auth.sign_in' : 'auth.sign_in_failed'
      await recordAudit(db, { action, actorUserId, target: email, ip })
      return response
    }
    if (subPath === '/sign-out') {
      const session = await auth.api.getSession({ headers })
      const response = await auth.handler(request)
      if (session) await recordAudit(db, { action: 'auth.sign_out', actorUserId: session.user.id, ip })
      return response
    }
    if (subPath === '/request-password-reset') {
      const email = await readEmail(request)
      const response = await auth.handler(request)
      await recordAudit(db, { action: 'auth.password_reset_requested', target: email, ip })
      return response
    }
    return auth.handler(request)
  })
}

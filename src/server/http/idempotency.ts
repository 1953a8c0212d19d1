import { createHash } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppDeps, AppEnv } from '../app-env'
import { requireViewer } from '../auth/viewer'
import { AppError, badRequest } from './app-error'
import {
  claimIdempotencyKey,
  readIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentResponse,
  takeOverStaleClaim,
} from './idempotency-store'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** A UUID fits; so does any other opaque token of that kind. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/
/** How long a repeat waits for the first request's answer before saying it is still running. */
const WAIT_MS = 10_000
const POLL_MS = 50

const stillRunning = () => new AppError('conflict', 'This request is already being processed.')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Route middleware for the creates a person triggers: a request carrying an `Idempotency-Key`
 * header (one per submit in the web, the same for its repeats) runs once per person and key; a
 * repeat gets the first answer (status and JSON body, for 24 hours), waits for it while the first
 * is still running (then 409), and a repeat with another body is a 400. The claim is a row in the
 * database, so it holds across instances. Only a success is kept: a refused or failed request
 * created nothing, and its repeat runs again. Without the header the request runs as before.
 * Place it after the route's sign-in or screen check.
 *
 * `withhold` names the answer's top-level fields shown once (a temporary password, an API key, a
 * signature link): they are kept as null, never in clear in the database, and a repeat says so
 * in its `Idempotent-Withheld` header.
 */
export function idempotent(
  { db }: Pick<AppDeps, 'db'>,
  { withhold = [] }: { withhold?: readonly string[] } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER)
    if (key === undefined) return next()
    if (!KEY_PATTERN.test(key)) {
      throw badRequest(`${IDEMPOTENCY_HEADER}: must be 8 to 100 letters, digits, '-' or '_'.`, IDEMPOTENCY_HEADER)
    }
    const viewer = requireViewer(c)
    const ref = { userId: viewer.userId, key }
    const requestHash = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n`)
      .update(await c.req.text())
      .digest('hex')

    const deadline = Date.now() + WAIT_MS
    for (;;) {
      if (await claimIdempotencyKey(db, { ...ref, companyId: viewer.companyId, requestHash })) break
      const stored = await readIdempotencyKey(db, ref)
      if (!stored) continue // released by a failed first request between our two reads: claim it
      if (stored.request_hash !== requestHash) {
        throw badRequest(
          `${IDEMPOTENCY_HEADER}: this key was already used for a different request; send a new key.`,
          IDEMPOTENCY_HEADER,
        )
      }
      if (stored.response_status !== null) return replay(c, stored.response_status, stored.response_body, withhold)
      if (stored.stale && (await takeOverStaleClaim(db, ref))) break
      if (Date.now() >= deadline) throw stillRunning()
      await sleep(POLL_MS)
    }

    // Once the route has made its change, the claim stays even if its answer cannot be stored:
    // a repeat then waits (or, after the claim goes stale, runs again) rather than creating twice at once.
    let changed = false
    try {
      await next()
      const response = c.res
      if (!c.error && response.status >= 200 && response.status < 300 && isJson(response)) {
        changed = true
        const body = await response.clone().json()
        await storeIdempotentResponse(db, ref, response.status, withheld(body, withhold))
      }
    } finally {
      if (!changed) await releaseIdempotencyKey(db, ref)
    }
  }
}

function isJson(response: Response) {
  return response.headers.get('content-type')?.startsWith('application/json') ?? false
}

function withheld(body: unknown, fields: readonly string[]) {
  if (!fields.length || typeof body !== 'object' || body === null) return body
  const kept: Record<string, unknown> = { ...body }
  for (const field of fields) if (field in kept) kept[field] = null
  return kept
}

function replay(c: Context<AppEnv>, status: number, body: unknown, withhold: readonly string[]) {
  c.header('Idempotent-Replayed', 'true')
  if (withhold.length) c.header('Idempotent-Withheld', withhold.join(', '))
  return c.json(body as object, status as ContentfulStatusCode)
}

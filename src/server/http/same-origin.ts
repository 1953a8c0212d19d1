import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env'
import { recordAudit } from '../records/audit'
import { forbidden } from './app-error'
import { isOwnOrigin, type OriginConfig } from './own-origins'

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

/** The origin a browser says the request comes from: Origin, else Referer's; null for non-browser clients. */
export function requestOrigin(request: Request): string | null {
  const origin = request.headers.get('origin')
  if (origin !== null) return origin
  const referer = request.headers.get('referer')
  if (referer === null) return null
  try {
    return new URL(referer).origin
  } catch {
    return 'null'
  }
}

/** The message for a person whose browser is at another address than the product's. */
export function wrongOriginMessage(config: OriginConfig): string {
  return config.publicUrlSet
    ? `This page is not at Recovery Desk's address. Open Recovery Desk at ${config.baseUrl} and try again.`
    : 'This request came from another site and was refused.'
}

/**
 * Refuses a state-changing request (POST, PATCH, PUT, DELETE) sent by a browser from another
 * site: a cross-origin form post would otherwise ride on the person's cookie, with SameSite=Lax
 * the only guard. A request with neither Origin nor Referer is not from a browser page (the RDN
 * sync with its API key, curl) and carries no ambient cookie risk, so it passes.
 */
export function sameOriginMiddleware(deps: {
  config: OriginConfig
  db: Parameters<typeof recordAudit>[0]
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (STATE_CHANGING.has(c.req.method)) {
      const origin = requestOrigin(c.req.raw)
      if (origin !== null && !isOwnOrigin(deps.config, c.req.raw, origin)) {
        await recordAudit(deps.db, {
          action: 'request.refused',
          target: `${c.req.method} ${c.req.path}`,
          detail: { reason: 'cross_origin', origin: origin.slice(0, 200) },
          ip: c.get('clientIp'),
        })
        throw forbidden(wrongOriginMessage(deps.config))
      }
    }
    await next()
  }
}

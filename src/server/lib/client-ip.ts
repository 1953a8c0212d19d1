import type { IncomingMessage } from 'node:http'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env'

/**
 * The caller's address: the socket's peer, or, behind a trusted proxy (TRUST_PROXY), the last
 * address that proxy appended to X-Forwarded-For. Never a value the client alone controls.
 */
export function clientIpMiddleware(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
    const socketAddress = incoming?.socket?.remoteAddress ?? '127.0.0.1'
    const forwarded = c.req.header('x-forwarded-for')
    const proxied = trustProxy && forwarded ? forwarded.split(',').at(-1)?.trim() : undefined
    c.set('clientIp', proxied || socketAddress)
    await next()
  }
}

import type { IncomingMessage } from 'node:http'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env'

/** IPv4 peers may show up as IPv6-mapped addresses ('::ffff:10.0.0.5'). */
function normalize(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address
}

/**
 * The caller's address for rate limits and the audit log. It is the socket's peer, unless that
 * peer is one of our own proxies (TRUSTED_PROXIES): then the nearest X-Forwarded-For hop that is
 * not a trusted proxy. A client talking to the server directly can't choose its address.
 */
export function resolveClientIp(
  socketAddress: string,
  forwardedFor: string | undefined,
  trustedProxies: string[],
): string {
  const peer = normalize(socketAddress)
  if (!forwardedFor || !trustedProxies.includes(peer)) return peer
  const hops = forwardedFor
    .split(',')
    .map((hop) => normalize(hop.trim()))
    .filter(Boolean)
  for (let index = hops.length - 1; index >= 0; index--) {
    if (!trustedProxies.includes(hops[index])) return hops[index]
  }
  return hops[0] ?? peer
}

export function clientIpMiddleware(trustedProxies: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
    // Requests made in-process (tests) have no socket; they come from this machine.
    const socketAddress = incoming?.socket?.remoteAddress ?? '127.0.0.1'
    c.set('clientIp', resolveClientIp(socketAddress, c.req.header('x-forwarded-for'), trustedProxies))
    await next()
  }
}

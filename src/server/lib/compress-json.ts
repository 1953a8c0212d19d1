import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { parseAccept } from 'hono/utils/accept'

const gzipAsync = promisify(gzip)
/** Below this a compressed answer saves less than its own overhead. */
const MIN_BYTES = 1024

/**
 * Our JSON answers gzipped for a client that takes gzip (every browser): a page of 50 cases is
 * 85 KB of JSON and 9 KB gzipped, seconds on a phone's connection (issue 21). Level 1: nearly
 * all of the saving at a third of level 6's work, done off the event loop (zlib's thread pool).
 * Only JSON: downloads and the event stream go out as they are. Not hono/compress: it cannot set
 * the level, and its size threshold needs a Content-Length that c.json does not set.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const response = c.res
    if (!response.headers.get('content-type')?.startsWith('application/json')) return
    if (response.headers.has('content-encoding') || !acceptsGzip(c.req.header('accept-encoding'))) return
    const body = new Uint8Array(await response.arrayBuffer())
    const headers = new Headers(response.headers)
    if (body.length < MIN_BYTES) {
      c.res = new Response(body, { status: response.status, headers })
      return
    }
    const compressed = await gzipAsync(body, { level: 1 })
    headers.set('content-encoding', 'gzip')
    headers.append('vary', 'Accept-Encoding')
    headers.delete('content-length')
    c.res = new Response(compressed, { status: response.status, headers })
  }
}

/** Whether an Accept-Encoding header takes gzip (named, or as '*'), not refused with q=0. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  const accepts = parseAccept(header)
  const gzip =
    accepts.find((accept) => accept.type.toLowerCase() === 'gzip') ?? accepts.find((accept) => accept.type === '*')
  return (gzip?.q ?? 0) > 0
}

import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { parseAccept } from 'hono/utils/accept'
import { recentAnswers } from './recent-answers'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)
/** Below this a compressed answer saves less than its own overhead. */
const MIN_BYTES = 1024
/**
 * Up to this size an answer is compressed on the event loop (a page of cases, 85 KB: a quarter
 * of a millisecond), larger ones in zlib's thread pool. Handing work to the pool and back costs
 * the event loop more than compressing a page itself (issue 21), but a map's or a report's
 * megabytes would hold every other request up.
 */
const SYNC_MAX_BYTES = 256 * 1024

type Encoding = 'br' | 'gzip'
/**
 * Each at its fastest setting: nearly all of the saving at a fraction of the work (a page of 50
 * cases, 85 KB of JSON: Brotli quality 1 makes 13 KB in half the time gzip level 1 takes to make
 * 14 KB, issue 21).
 */
const brotliOptions = (body: Uint8Array) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 1,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
})
const GZIP_OPTIONS = { level: 1 }

const ENCODERS: Record<
  Encoding,
  { onLoop: (body: Uint8Array) => Buffer; inPool: (body: Uint8Array) => Promise<Buffer> }
> = {
  br: {
    onLoop: (body) => brotliCompressSync(body, brotliOptions(body)),
    inPool: (body) => brotliAsync(body, brotliOptions(body)),
  },
  gzip: { onLoop: (body) => gzipSync(body, GZIP_OPTIONS), inPool: (body) => gzipAsync(body, GZIP_OPTIONS) },
}

async function compress(encoding: Encoding, body: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = ENCODERS[encoding]
  const compressed = body.length <= SYNC_MAX_BYTES ? encoder.onLoop(body) : await encoder.inPool(body)
  return compressed as Uint8Array<ArrayBuffer>
}

/**
 * Where a JSON answer's text is written as UTF-8 to be compressed on the event loop: one buffer,
 * reused, each answer written and compressed with nothing awaited between. A new buffer for each
 * (a page of cases: 85 KB) took six times as long as the writing and left the garbage collector
 * the memory (issue 21). Three bytes a character: room for any text of up to SYNC_MAX_BYTES.
 */
const scratch = Buffer.allocUnsafe(3 * SYNC_MAX_BYTES)

/**
 * Our JSON answers compressed for a client that takes it (every browser takes Brotli; other
 * clients often only gzip): a page of 50 cases is 85 KB of JSON and 13 KB compressed, seconds on
 * a phone's connection (issue 21). Only JSON: downloads and the event stream go out as they are.
 * Not hono/compress: it cannot set the level, and its size threshold needs a Content-Length that
 * c.json does not set.
 */
export function compressJson(): MiddlewareHandler {
  const recent = recentAnswers(RECENT_MAX)
  return async (c, next) => {
    const encoding = preferredEncoding(c.req.header('accept-encoding'))
    if (!encoding) return next()
    // Each JSON answer's text, kept as c.json makes it, so it need not be read back out of the
    // Response (a copy through a web stream: a tenth of the case list's time, issue 21). The
    // same call c.json makes (Hono's Context), with the text in hand.
    const texts = new WeakMap<Response, string>()
    const body = c.body as (text: string, arg?: number | ResponseInit, headers?: Record<string, string>) => Response
    const json = (object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) => {
      const text = JSON.stringify(object)
      const response = body(text, arg, { 'Content-Type': 'application/json', ...headers })
      texts.set(response, text)
      return response
    }
    c.json = json as unknown as typeof c.json
    await next()
    const response = c.res
    if (!response.headers.get('content-type')?.startsWith('application/json')) return
    if (response.headers.has('content-encoding')) return
    const text = texts.get(response)
    const compressed =
      text === undefined
        ? await compressMadeElsewhere(c, encoding, response)
        : await compressText(encoding, text, recent, `${encoding} ${pathAndQuery(c.req.url)} ${text.length}`)
    if (!compressed) return
    const headers = new Headers(response.headers)
    headers.set('content-encoding', encoding)
    headers.append('vary', 'Accept-Encoding')
    headers.delete('content-length')
    replaceAnswer(c, new Response(compressed, { status: response.status, headers }))
  }
}

/** An answer c.json did not make, read back out of its Response: compressed, or replaced by its bytes (null). */
async function compressMadeElsewhere(c: Context, encoding: Encoding, response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer())
  if (bytes.length >= MIN_BYTES) return compress(encoding, bytes)
  replaceAnswer(c, new Response(bytes, { status: response.status, headers: response.headers }))
  return null
}

/**
 * How many compressed answers are kept for identical answers to reuse, by encoding, address and
 * length: the people viewing a page refetch it together after a change, and the list's first
 * page and the dashboards are the same for everyone in a company (comparing 85 KB of text costs
 * a seventh of compressing it, issue 21).
 */
const RECENT_MAX = 16

/**
 * An answer c.json made: its compressed bytes (made now, or kept from an identical answer under
 * `key`), or null when it is too small to gain.
 */
async function compressText(
  encoding: Encoding,
  text: string,
  recent: ReturnType<typeof recentAnswers>,
  key: string,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (text.length < MIN_BYTES / 3) return null
  const kept = recent.find(key, text)
  if (kept) return kept
  const length = text.length <= SYNC_MAX_BYTES ? scratch.write(text) : Number.POSITIVE_INFINITY
  if (length < MIN_BYTES) return null
  // Past the loop's limit (a long text, or characters beyond ASCII): a buffer of its own, for zlib's pool.
  if (length > SYNC_MAX_BYTES) return compress(encoding, Buffer.from(text))
  // At once, from `scratch`: nothing can write it before this returns.
  const compressed = ENCODERS[encoding].onLoop(scratch.subarray(0, length)) as Uint8Array<ArrayBuffer>
  recent.keep(key, text, compressed)
  return compressed
}

/** A request's path and query, from its full URL (the host left out). */
const pathAndQuery = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2))

/**
 * The answer replaced whole (it carries the old one's headers already). Cleared first: assigning
 * over an answer makes Hono copy the new one, body and all, into another Response, which then
 * goes out through a web stream rather than as the bytes it holds.
 */
function replaceAnswer(c: Context, response: Response) {
  c.res = undefined
  c.res = response
}

/** Brotli when an Accept-Encoding header takes it, else gzip (named, or as '*'); none refused with q=0. */
function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  const accepts = parseAccept(header)
  const quality = (type: Encoding) =>
    (accepts.find((accept) => accept.type.toLowerCase() === type) ?? accepts.find((accept) => accept.type === '*'))
      ?.q ?? 0
  if (quality('br') > 0) return 'br'
  return quality('gzip') > 0 ? 'gzip' : null
}

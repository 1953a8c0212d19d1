import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { parseAccept } from 'hono/utils/accept'

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
 * Where a JSON answer's text is written as UTF-8 for compressing on the event loop: one buffer,
 * reused, as each answer is compressed before the next is written. A new buffer for each (a page
 * of cases: 85 KB) took six times as long as the writing and left the garbage collector the
 * memory (issue 21). Three bytes a character: room for any text up to SYNC_MAX_BYTES characters.
 */
const scratch = Buffer.allocUnsafe(3 * SYNC_MAX_BYTES)

/** A JSON answer's text as UTF-8: in `scratch` while only the event loop needs it, else a buffer of its own. */
function utf8Of(text: string): Uint8Array<ArrayBuffer> {
  if (text.length > SYNC_MAX_BYTES) return Buffer.from(text)
  const length = scratch.write(text)
  const written = scratch.subarray(0, length)
  // Past the loop's limit (characters beyond ASCII), it goes to the pool: a copy that outlives the next answer.
  return length <= SYNC_MAX_BYTES ? written : Buffer.from(written)
}

/**
 * Our JSON answers compressed for a client that takes it (every browser takes Brotli; other
 * clients often only gzip): a page of 50 cases is 85 KB of JSON and 13 KB compressed, seconds on
 * a phone's connection (issue 21). Only JSON: downloads and the event stream go out as they are.
 * Not hono/compress: it cannot set the level, and its size threshold needs a Content-Length that
 * c.json does not set.
 */
export function compressJson(): MiddlewareHandler {
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
      text === undefined ? await compressMadeElsewhere(c, encoding, response) : await compressText(c, encoding, text)
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

/** How many compressed answers are kept for identical answers to reuse (recentlyCompressed). */
const RECENT_MAX = 16
/**
 * The latest answers compressed on the event loop, by encoding, address and length, each with
 * the text it was made from. An answer whose text is exactly that text goes out in the same bytes
 * rather than being compressed again: the people viewing a page refetch it together after a
 * change, and the list's first page and the dashboards are the same for everyone in a company
 * (comparing 85 KB of text costs a seventh of compressing it, issue 21). The text itself is the
 * check, so nothing is ever sent that this answer would not have become.
 */
const recentlyCompressed = new Map<string, { text: string; compressed: Uint8Array<ArrayBuffer> }>()

/** An answer c.json made: its compressed bytes (made now, or kept from an identical answer), or null when it is too small. */
async function compressText(c: Context, encoding: Encoding, text: string) {
  if (text.length < MIN_BYTES / 3) return null
  const key = `${encoding} ${c.req.url} ${text.length}`
  const recent = recentlyCompressed.get(key)
  if (recent && recent.text === text) {
    // The most recently used last: the first is the one to go.
    recentlyCompressed.delete(key)
    recentlyCompressed.set(key, recent)
    return recent.compressed
  }
  const bytes = utf8Of(text)
  if (bytes.length < MIN_BYTES) return null
  // Nothing awaited between the writing and the compressing: `scratch` is this answer's throughout.
  const compressed = await compress(encoding, bytes)
  if (bytes.length <= SYNC_MAX_BYTES) {
    recentlyCompressed.delete(key)
    recentlyCompressed.set(key, { text, compressed })
    if (recentlyCompressed.size > RECENT_MAX)
      recentlyCompressed.delete(recentlyCompressed.keys().next().value as string)
  }
  return compressed
}

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

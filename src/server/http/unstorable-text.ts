import type { MiddlewareHandler } from 'hono'
import { tryDecode } from 'hono/utils/url'
import { badRequest } from './app-error'

// A NUL cannot be stored in PostgreSQL text, and a lone UTF-16 surrogate is no character at all
// (it cannot be written as UTF-8): either one in a request is a mistake or a probe, never data.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export const unstorableTextMessage = (field: string) =>
  `${field}: contains a character that cannot be stored (a NUL byte or a broken Unicode character).`

/** The path ('items.2.name') of the first string or key in `value` that cannot be stored, else null. */
export function findUnstorableText(value: unknown): string | null {
  // Iterative, so a deeply nested body cannot overflow the stack; each entry links to its parent,
  // so the path is spelled out only for the one that is found.
  type Step = { key: string; parent: Step | null } | null
  const spell = (step: Step) => {
    const keys: string[] = []
    for (let at = step; at; at = at.parent) keys.unshift(at.key)
    return keys.join('.')
  }
  const pending: Array<[unknown, Step]> = [[value, null]]
  while (pending.length > 0) {
    const [current, step] = pending.pop() as [unknown, Step]
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return spell(step) || 'body'
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push([current[index], { key: String(index), parent: step }])
      }
    } else if (current && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current).reverse()) {
        if (UNSTORABLE.test(key)) return spell({ key, parent: step })
        pending.push([inner, { key, parent: step }])
      }
    }
  }
  return null
}

/**
 * Decodes as the router does for the routes (Hono's own decoder: every valid percent sequence,
 * the invalid ones kept), so this check sees exactly the text a route will get.
 */
const decodeLikeRoutes = (text: string) => tryDecode(text.replaceAll('+', ' '), decodeURIComponent)

// Bodies up to this size are checked before any route (better-auth's too); larger ones (imports,
// syncs) are checked by `validate` after parsing, so they are never read twice before their limit.
const CHECKED_BODY_BYTES = 1024 * 1024

/** The body as text when it is at most `limit` bytes, else null (having read no more than that). */
async function readUpTo(request: Request, limit: number): Promise<string | null> {
  const reader = request.body?.getReader()
  if (!reader) return null
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > limit) {
      // Not awaited: cancelling one branch of a cloned body settles only once the other branch is
      // read or cancelled too, and a route that refuses the request (a bad API key) never reads it.
      reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Refuses, before any route, a path segment, query parameter or JSON body holding text that
 * cannot be stored, with a 400 naming the field: no route has to remember it.
 */
export function rejectUnstorableText(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url)
    for (const segment of url.pathname.split('/')) {
      if (UNSTORABLE.test(decodeLikeRoutes(segment))) throw badRequest(unstorableTextMessage('path'), 'path')
    }
    for (const pair of url.search.slice(1).split('&')) {
      const separator = pair.indexOf('=')
      const key = decodeLikeRoutes(separator === -1 ? pair : pair.slice(0, separator))
      const value = separator === -1 ? '' : decodeLikeRoutes(pair.slice(separator + 1))
      if (UNSTORABLE.test(key) || UNSTORABLE.test(value)) throw badRequest(unstorableTextMessage(key), key)
    }
    const declared = Number(c.req.header('content-length') ?? 0)
    const isJson = c.req.header('content-type')?.toLowerCase().includes('json')
    if (isJson && c.req.raw.body && declared <= CHECKED_BODY_BYTES) {
      const text = await readUpTo(c.req.raw.clone(), CHECKED_BODY_BYTES)
      let body: unknown
      try {
        body = text === null ? undefined : JSON.parse(text)
      } catch {
        body = undefined // not JSON: the route answers that
      }
      const field = findUnstorableText(body)
      if (field) throw badRequest(unstorableTextMessage(field), field)
    }
    await next()
  }
}

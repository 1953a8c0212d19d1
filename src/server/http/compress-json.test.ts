import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { compressJson } from './compress-json'

// Counted, not changed: which answers were compressed anew on the event loop. Those compressed in
// zlib's pool take a few milliseconds longer: the answers after them are written meanwhile.
vi.mock('node:zlib', async (actual) => {
  const zlib = await actual<typeof import('node:zlib')>()
  const inPoolLater = (...args: Parameters<typeof zlib.brotliCompress>) =>
    setTimeout(() => zlib.brotliCompress(...args), 5)
  return { ...zlib, brotliCompressSync: vi.fn(zlib.brotliCompressSync), brotliCompress: inPoolLater }
})

const page = { cases: Array.from({ length: 200 }, (_, index) => ({ case_id: index, status: 'Open', make: 'Toyota' })) }
const app = new Hono()
  .use('*', compressJson())
  .get('/page', (c) => c.json(page))
  .get('/small', (c) => c.json({ ok: true }))
  // Past the size compressed on the event loop: compressed in zlib's thread pool.
  .get('/large', (c) => c.json({ cases: Array.from({ length: 60 }, () => page.cases).flat() }))
  .get('/created', (c) => c.json(page, 201, { 'X-Kept': 'yes' }))
  // Beyond ASCII: within the characters compressed on the event loop, and past its bytes.
  .get('/accented', (c) => c.json({ cases: page.cases.map((row) => ({ ...row, make: 'Citroën', note: '€ à 😀' })) }))
  .get('/wide', (c) => c.json({ note: '€'.repeat(100_000) }))
  .get('/made-elsewhere', () => new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } }))
  .get('/refused', (c) => c.json({ error: { message: 'x'.repeat(2000) } }, 400))
  .get('/csv', (c) => c.body('a,b\n'.repeat(1000), 200, { 'content-type': 'text/csv' }))
  .get('/events', (c) => c.body('data: x\n\n'.repeat(500), 200, { 'content-type': 'text/event-stream' }))

const get = (path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

const decode = { br: brotliDecompressSync, gzip: gunzipSync }

describe('JSON answers, compressed for clients that take Brotli or gzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5', 'br'],
    ['*', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
  ] as const)(
    'Accept-Encoding %s: a large JSON answer goes as %s, keeping its status and type',
    async (acceptEncoding, encoding) => {
      for (const [path, status] of [
        ['/page', 200],
        ['/refused', 400],
        ['/created', 201],
        ['/made-elsewhere', 200],
        ['/large', 200],
      ] as const) {
        const response = await get(path, acceptEncoding)
        expect(response.status).toBe(status)
        expect(response.headers.get('content-encoding')).toBe(encoding)
        expect(response.headers.get('content-type')).toMatch(/^application\/json/)
        expect(response.headers.get('vary')).toMatch(/accept-encoding/i)
        const body = Buffer.from(await response.arrayBuffer())
        const plain = await (await get(path)).text()
        expect(body.length).toBeLessThan(plain.length / 4)
        expect(decode[encoding](body).toString()).toBe(plain)
        if (path === '/created') expect(response.headers.get('x-kept')).toBe('yes')
      }
    },
  )

  it('compresses each answer from its own text, one after another and many at once', async () => {
    const paths = ['/wide', '/page', '/accented', '/large', '/small', '/page', '/wide', '/accented', '/created']
    const plain = await Promise.all(paths.map(async (path) => (await get(path)).text()))
    for (const answers of [
      await Promise.all(paths.map((path) => get(path, 'br'))),
      await paths.reduce<Promise<Response[]>>(
        async (done, path) => [...(await done), await get(path, 'br')],
        Promise.resolve([]),
      ),
    ]) {
      const texts = await Promise.all(
        answers.map(async (response) => {
          const body = Buffer.from(await response.arrayBuffer())
          return response.headers.get('content-encoding') === 'br'
            ? brotliDecompressSync(body).toString()
            : body.toString()
        }),
      )
      expect(texts).toEqual(plain)
    }
  })

  it('sends an answer identical to a recent one in the bytes made for it, and a changed one anew', async () => {
    const compressions = vi.mocked(brotliCompressSync)
    // One address whose answer changes as its cases do: the same length, one digit different.
    let version = 0
    const changing = new Hono().use('*', compressJson()).get('/page', (c) => c.json({ ...page, version }))
    const versions = [1, 1, 1, 2, 2, 1, 3, 3]
    const answers: string[] = []
    compressions.mockClear()
    for (const next of versions) {
      version = next
      const response = await changing.request('/page', { headers: { 'accept-encoding': 'br' } })
      answers.push(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString())
    }
    expect(answers).toEqual(versions.map((next) => JSON.stringify({ ...page, version: next })))
    // Each text compared whole: compressed anew for 1, 2, 1 again (its bytes replaced by 2's) and 3.
    expect(compressions).toHaveBeenCalledTimes(4)
    // The same text to a client taking only gzip: its own bytes, not Brotli's.
    const gzipped = await changing.request('/page', { headers: { 'accept-encoding': 'gzip' } })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(answers.at(-1))
  })

  it('sends as they are: to a client taking neither (or refusing both), a small answer, a download, the event stream', async () => {
    for (const [path, acceptEncoding] of [
      ['/page', undefined],
      ['/page', 'deflate'],
      ['/page', 'gzip;q=0, br;q=0'],
      ['/page', 'identity'],
      ['/small', 'gzip'],
      ['/csv', 'gzip'],
      ['/events', 'gzip'],
    ] as const) {
      const response = await get(path, acceptEncoding)
      expect(response.headers.get('content-encoding'), `${path} ${acceptEncoding}`).toBeNull()
    }
    expect(await (await get('/page', 'deflate')).json()).toEqual(page)
  })
})

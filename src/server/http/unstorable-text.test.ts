import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/harness'
import { findUnstorableText } from './unstorable-text'

describe('findUnstorableText', () => {
  it.each([
    [{ name: 'a\u0000b' }, 'name'],
    [{ rows: [{ ok: 'x' }, { note: 'broken \ud800' }] }, 'rows.1.note'],
    [{ tail: 'lone low \udc00' }, 'tail'],
    [{ 'key\u0000': 1 }, 'key\u0000'],
    ['\u0000', 'body'],
  ])('finds %j at %s', (value, path) => {
    expect(findUnstorableText(value)).toBe(path)
  })

  it.each([[{ name: 'Émile 😀 北京', n: 1, list: [null, true] }], [null], ['']])('passes %j', (value) => {
    expect(findUnstorableText(value)).toBeNull()
  })

  it('walks a deeply nested body without overflowing', () => {
    let deep: unknown = 'a\u0000'
    for (let level = 0; level < 100_000; level++) deep = [deep]
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)*$/)
  })
})

describe('text that cannot be stored, anywhere in a request', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp()
    cookie = (await t.createUser('admin')).cookie
  })
  afterAll(async () => t.close())

  it.each([
    ['POST', '/api/vendors', { name: 'a\u0000b' }, 'name'],
    ['POST', '/api/vehicles/decode-vin', { vin: '1HGCM82633A004352', color: 'red \ud800' }, 'color'],
    ['POST', '/api/auth/sign-in/email', { email: 'a\u0000@example.com', password: 'x' }, 'email'],
    ['GET', '/api/cases?q=%00', undefined, 'q'],
    ['GET', '/api/cases/a%00b', undefined, 'path'],
    // Read as the router reads them: a value holding '=', and a NUL beside invalid percent-encoding.
    ['GET', '/api/cases?q=x=%00', undefined, 'q'],
    ['GET', '/api/cases?q=%00%ZZ', undefined, 'q'],
    ['GET', '/api/cases/%00%ZZ', undefined, 'path'],
  ])('%s %s is a 400 naming the field', async (method, path, body, field) => {
    const response = await t.request(method, path, { body, cookie })
    expect(response.status).toBe(400)
    expect(response.json.error.field).toBe(field)
    expect(response.json.error.message).toContain('cannot be stored')
  })
})

describe('a body that is JSON whatever its content type says', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it.each(['text/plain', 'Application/JSON', 'application/x-www-form-urlencoded'])(
    'a sign-in sent as %s is a clear 400, never a 500',
    async (contentType) => {
      const response = await t.app.fetch(
        new Request('http://localhost:3000/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': contentType, origin: t.config.baseUrl },
          body: contentType.includes('form')
            ? 'email=a%00b%40x.co&password=x'
            : JSON.stringify({ email: 'a\u0000b@x.co', password: 'x' }),
        }),
      )
      expect(response.status).toBe(400)
    },
  )
})

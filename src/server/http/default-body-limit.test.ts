import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { DEFAULT_BODY_LIMIT_MESSAGE } from './body-limit'

// A JSON body just over the default limit (1 MB): a long text in one field.
const overOneMegabyte = (extra: Record<string, unknown> = {}) => ({ ...extra, padding: 'x'.repeat(1_100_000) })

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>
let apiKey: string
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  apiKey = (await t.request('POST', '/api/integrations/api-keys', { cookie: admin.cookie, body: { name: 'RDN' } })).json
    .key
})
afterAll(() => t?.close())

describe('request bodies', () => {
  it('are refused over 1 MB with a 413 and a readable message on an ordinary route', async () => {
    for (const [method, path] of [
      ['PATCH', '/api/profile'],
      ['POST', '/api/integrations/api-keys'],
      ['POST', '/api/auth/sign-in/email'],
    ]) {
      const refused = await t.request(method, path, { cookie: admin.cookie, body: overOneMegabyte({ name: 'A' }) })
      expect(refused.status, path).toBe(413)
      expect(refused.json.error).toEqual({ code: 'payload_too_large', message: DEFAULT_BODY_LIMIT_MESSAGE })
    }
    // Under the limit the same route answers as always.
    expect(
      (await t.request('PATCH', '/api/profile', { cookie: admin.cookie, body: { padding: 'x' } })).status,
    ).not.toBe(413)
  })

  it('may be larger where the route needs it: an import paste and a sync batch', async () => {
    // The paste is read and judged on its content (no case number column), not refused for its size.
    const paste = await t.request('POST', '/api/import/orders', {
      cookie: admin.cookie,
      body: {
        text: `Name\n${'x'.repeat(1.1 * 1024 * 1024)}`,
        settings: { skipDuplicates: true, autoCreateClients: false, randomizeNames: false },
      },
    })
    expect(paste.status).toBe(400)
    expect(paste.json.error.field).toBe('text')
    const batch = await t.request('POST', '/api/sync/rdn-cases', {
      headers: { authorization: `Bearer ${apiKey}` },
      body: overOneMegabyte({ cases: [] }),
    })
    expect(batch.status).toBe(200)
  })

  it('are not weighed before the caller is known: a stranger gets 401', async () => {
    expect((await t.request('PATCH', '/api/profile', { body: overOneMegabyte() })).status).toBe(401)
    expect((await t.request('POST', '/api/sync/rdn-cases', { body: overOneMegabyte() })).status).toBe(401)
  })
})

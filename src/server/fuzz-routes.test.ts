import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPublicApiPath } from './auth/require-sign-in'
import { apiRoutesOf } from './test/api-routes'
import { createTestApp } from './test/harness'

// Values a careless client or a probe sends: text that cannot be stored, numbers out of range,
// wrong types. Each goes into every path parameter, a set of common query names and body fields.
const TEXTS = ['a\u0000b', 'lone \ud800', 'x'.repeat(10_000), "'; drop table cases; --", '%', '']
const VALUES: unknown[] = [...TEXTS, Number.MAX_VALUE, '1e309', -1, 2 ** 64, 1.5, true, null, [], {}, ['a\u0000']]
const QUERY_NAMES = [
  'q',
  'search',
  'page',
  'pageSize',
  'limit',
  'offset',
  'sort',
  'order',
  'status',
  'from',
  'to',
  'date',
  'color',
  'market',
  'period',
]
const BODY_FIELDS = [
  'name',
  'email',
  'password',
  'text',
  'notes',
  'note',
  'color',
  'vin',
  'caseNumber',
  'market',
  'role',
  'status',
  'zip',
  'id',
  'ids',
  'orderId',
  'clientId',
  'settings',
  'rows',
  'cases',
  'firstName',
  'lastName',
  'phone',
  'date',
  'amount',
  'subStatus',
  'reason',
  'token',
  'value',
]
const PATH_VALUES = ['a%00b', '%ED%A0%80', 'x'.repeat(5_000), '99999999999999999999', '-1', '%25']
const QUERY_VALUES = ['%00', '%ED%A0%80', '%F0', '1e309', '-1', '99999999999999999999', 'NaN', '[]', "'"]

function deeplyNested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`
}

const RAW_BODIES = ['{not json', '', 'null', '"a\\u0000"', '[1,2', deeplyNested(10_000), '{"__proto__":{"admin":true}}']

describe('every route, fuzzed, as an administrator', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp()
    cookie = (await t.createUser('admin')).cookie
  })
  afterAll(async () => t.close())

  it('never answers 500', async () => {
    const routes = apiRoutesOf(t.app.routes)
    expect(routes.length).toBeGreaterThan(50)

    const failures: string[] = []
    const started = Date.now()
    const ensureSignedIn = async () => {
      if ((await t.request('GET', '/api/me', { cookie })).status === 401) cookie = (await t.createUser('admin')).cookie
    }
    for (const route of routes) {
      const pathWith = (encoded: string) => route.path.replace(/:[^/]+/g, encoded)
      const attempts: Array<{ path: string; body?: unknown; rawBody?: string }> = []
      for (const encoded of PATH_VALUES) attempts.push({ path: pathWith(encoded) })
      const plainPath = pathWith('1')
      for (const value of QUERY_VALUES) {
        attempts.push({ path: `${plainPath}?${QUERY_NAMES.map((name) => `${name}=${value}`).join('&')}` })
      }
      if (route.method !== 'GET') {
        for (const value of VALUES)
          attempts.push({ path: plainPath, body: Object.fromEntries(BODY_FIELDS.map((f) => [f, value])) })
        for (const rawBody of RAW_BODIES) attempts.push({ path: plainPath, rawBody })
      }
      for (const attempt of attempts) {
        const response = await t.request(route.method, attempt.path, { ...attempt, cookie })
        if (response.status >= 500) {
          failures.push(
            `${route.method} ${attempt.path.slice(0, 120)} ${JSON.stringify(attempt.body ?? attempt.rawBody ?? '').slice(0, 80)} -> ${response.status}`,
          )
        }
      }
      await ensureSignedIn()
    }
    expect(failures).toEqual([])
    expect(Date.now() - started).toBeLessThan(120_000)
  }, 180_000)
})

describe('every route, without a session', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  // Sign-in before input: a bad body or query from a stranger is a 401, never a 400 naming a field.
  it('answers 401 to bad input on every route but the public ones', async () => {
    const routes = apiRoutesOf(t.app.routes).filter((route) => !isPublicApiPath(route.path.replace(/:[^/]+/g, '1')))
    expect(routes.length).toBeGreaterThan(50)
    const answers: string[] = []
    for (const route of routes) {
      const path = `${route.path.replace(/:[^/]+/g, 'not-an-id')}?${QUERY_NAMES.map((name) => `${name}=%00`).join('&')}`
      const attempts = route.method === 'GET' ? [{}] : [{ body: { name: 7, ids: 'x' } }, { rawBody: '{not json' }]
      for (const attempt of attempts) {
        const response = await t.request(route.method, path, attempt)
        if (response.status !== 401) answers.push(`${route.method} ${route.path} -> ${response.status}`)
      }
    }
    expect(answers).toEqual([])
  })

  it('still answers the public routes', async () => {
    expect((await t.request('GET', '/api/health')).status).toBe(200)
    expect((await t.request('POST', '/api/account/password', { body: {} })).status).toBe(400)
    expect((await t.request('GET', '/api/public/signatures/no-such-token')).status).toBe(404)
    expect((await t.request('POST', '/api/sync/rdn-cases', { body: {} })).status).toBe(401)
  })
})

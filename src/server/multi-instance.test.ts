import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app'
import { loadConfig } from './config'
import { createLogger } from './lib/logger'
import { createRuntime, type Runtime } from './runtime'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './test/harness'
import { readEvents } from './test/sse'
import { testDatabaseKind } from './test/test-database'

// Several instances behind a load balancer share one PostgreSQL; PGlite is one process by design.
describe.skipIf(testDatabaseKind !== 'postgres')('two instances on one PostgreSQL', () => {
  let first: TestApp
  let secondRuntime: Runtime
  let second: ReturnType<typeof createApp>

  beforeAll(async () => {
    // Neither instance is given AUTH_SECRET: both must use the one kept in the database.
    const settings = {
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      TRUSTED_PROXIES: '127.0.0.1',
      SIGN_IN_RATE_LIMIT: '3/60',
    }
    first = await createTestApp({ ...settings, AUTH_SECRET: '' })
    secondRuntime = await createRuntime(loadConfig(settings, []), createLogger('silent', false), first.databaseTarget)
    second = createApp(secondRuntime.deps)
  })
  afterAll(async () => {
    await secondRuntime?.close()
    await first?.close()
  })

  function viaSecond(path: string, init: { method?: string; cookie?: string; body?: unknown; ip: string }) {
    const headers: Record<string, string> = { origin: 'http://localhost:3000', 'x-forwarded-for': init.ip }
    if (init.cookie) headers.cookie = init.cookie
    if (init.body) headers['content-type'] = 'application/json'
    const body = init.body ? JSON.stringify(init.body) : undefined
    return second.fetch(new Request(`http://localhost:3000${path}`, { method: init.method ?? 'GET', headers, body }))
  }

  it('sees a market change made through one instance at once on the other (nothing caches the ZIP table)', async () => {
    const { cookie } = await first.createUser('admin')
    await first.db
      .insertInto('rdn_cases')
      .values({ company_id: first.companyId, case_id: 424242, debtor_zip: '35901' })
      .execute()
    const added = await first.request('POST', '/api/markets/zips', {
      cookie,
      body: { market: 'Gadsden', zips: '35901' },
    })
    expect(added.json.added).toEqual(['35901'])
    const markets = (await (await viaSecond('/api/markets', { cookie, ip: '10.7.0.3' })).json()) as {
      markets: { name: string }[]
    }
    expect(markets.markets.map((market) => market.name)).toContain('Gadsden')
    const detail = (await (await viaSecond('/api/cases/424242', { cookie, ip: '10.7.0.3' })).json()) as {
      case: { detected_market: string }
    }
    expect(detail.case.detected_market).toBe('Gadsden')
  })

  it('accepts a session made on one instance at the other', async () => {
    const cookie = await first.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)
    expect((await viaSecond('/api/me', { cookie, ip: '10.7.0.1' })).status).toBe(200)
  })

  it('counts sign-in attempts from one address across instances', async () => {
    const ip = '10.7.7.7'
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await first.request('POST', '/api/auth/sign-in/email', {
        body: { email: ADMIN_EMAIL, password: 'wrong-one' },
        ip,
      })
      expect(response.status).toBe(401)
    }
    const body = { email: ADMIN_EMAIL, password: 'wrong-one' }
    expect((await viaSecond('/api/auth/sign-in/email', { method: 'POST', body, ip })).status).toBe(429)
  })

  it('pushes a case changed through one instance to a browser connected to the other', async () => {
    const { cookie } = await first.createUser('field_manager')
    const response = await viaSecond('/api/events/cases', { cookie, ip: '10.7.0.2' })
    expect(response.status).toBe(200)
    const stream = readEvents(response)
    try {
      await stream.waitFor('ready')
      await first.db.insertInto('rdn_cases').values({ company_id: first.companyId, case_id: 42 }).execute()
      await stream.waitFor('cases', 1, 2_000)
    } finally {
      await stream.stop()
    }
  })
})

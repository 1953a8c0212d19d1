import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('server basics', () => {
  it('reports health after checking the database', async () => {
    const response = await t.request('GET', '/api/health')
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ status: 'ok', database: 'ok' })
  })

  it('sends security headers with a Content-Security-Policy', async () => {
    const response = await t.request('GET', '/api/health')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('answers malformed JSON with a 400 and a readable message', async () => {
    const response = await t.request('POST', '/api/account/password', { rawBody: '{"newPassword": ' })
    expect(response.status).toBe(400)
    expect(response.json).toEqual({ error: { code: 'bad_request', message: 'The request body is not valid JSON.' } })
  })

  it('answers a missing field with a 400 naming the field', async () => {
    const response = await t.request('POST', '/api/account/password', { body: {} })
    expect(response.status).toBe(400)
    expect(response.json.error.field).toBe('newPassword')
  })

  it('answers an unknown API route with a JSON 404 (a stranger only learns to sign in)', async () => {
    expect((await t.request('GET', '/api/nowhere')).status).toBe(401)
    const { cookie } = await t.createUser('admin')
    const response = await t.request('GET', '/api/nowhere', { cookie })
    expect(response.status).toBe(404)
    expect(response.json.error.code).toBe('not_found')
  })

  it('answers 401 to a request without a session', async () => {
    expect((await t.request('GET', '/api/me')).status).toBe(401)
    expect((await t.request('GET', '/api/users')).status).toBe(401)
  })

  it('seeds the order statuses with badge colours and the priorities', async () => {
    const statuses = await t.db.selectFrom('order_statuses').select('name').orderBy('sort_order').execute()
    expect(statuses.map((row) => row.name)).toEqual([
      'Open',
      'Closed',
      'On Hold',
      'Pending On Hold',
      'Pending Close',
      'Repossessed',
      'Charged Off',
      'Completed',
      'Completed-Located',
      'Office Transfer',
      'Need Info',
      'Hold For Billing',
      'Auction',
    ])
    const priorities = await t.db.selectFrom('order_priorities').select('name').execute()
    expect(priorities.map((row) => row.name).sort()).toEqual(['critical', 'high', 'low', 'medium', 'normal'])
  })
})

describe('status badge colours', () => {
  it('are the same in the database and in the domain rule the web uses', async () => {
    const { STATUS_BADGE_COLORS } = await import('../domain/cases/status-badges')
    const rows = await t.db.selectFrom('order_statuses').select(['name', 'badge_color']).execute()
    expect(Object.fromEntries(rows.map((row) => [row.name, row.badge_color]))).toEqual(STATUS_BADGE_COLORS)
  })
})

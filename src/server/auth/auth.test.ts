import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../test/harness'
import { bootstrapFirstCompany } from './bootstrap'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: '5/60' })
})
afterAll(() => t?.close())

async function auditActions(action: string) {
  return t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute()
}

describe('first start', () => {
  it('creates one company and one administrator, once', async () => {
    expect(await bootstrapFirstCompany(t.db, { email: 'other@example.com', password: 'whatever-123' })).toBeNull()
    const users = await t.db.selectFrom('auth_user').select(['email', 'mustChangePassword']).execute()
    expect(users).toEqual([{ email: ADMIN_EMAIL, mustChangePassword: true }])
    const profiles = await t.db.selectFrom('profiles').select(['role', 'company_id']).execute()
    expect(profiles).toEqual([{ role: 'admin', company_id: t.companyId }])
    expect(await t.db.selectFrom('companies').select('id').execute()).toHaveLength(1)
  })
})

describe('sign-in', () => {
  it('accepts the right password, sets an httpOnly SameSite=Lax cookie and audits it', async () => {
    const response = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      ip: '10.9.0.1',
    })
    expect(response.status).toBe(200)
    const cookie = response.headers.getSetCookie().find((value) => value.includes('session_token'))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const audit = await auditActions('auth.sign_in')
    expect(audit.at(-1)).toMatchObject({ target: ADMIN_EMAIL, ip: '10.9.0.1' })
    expect(JSON.stringify(audit)).not.toContain(ADMIN_PASSWORD)
  })

  it('refuses a wrong password with a message and audits the failure', async () => {
    const response = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: ADMIN_EMAIL, password: 'not-the-password' },
      ip: '10.9.0.2',
    })
    expect(response.status).toBe(401)
    expect(response.json.message).toBe('Invalid email or password')
    const failures = await auditActions('auth.sign_in_failed')
    expect(failures.at(-1)).toMatchObject({ target: ADMIN_EMAIL, ip: '10.9.0.2' })
    expect(JSON.stringify(failures)).not.toContain('not-the-password')
  })

  it('refuses a sign-in posted from another origin', async () => {
    const response = await t.app.fetch(
      new Request('http://localhost:3000/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://evil.example', 'x-forwarded-for': '10.9.0.3' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      }),
    )
    expect(response.status).toBe(403)
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('keeps a password typed into the e-mail box out of the audit log', async () => {
    const response = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: 'MySecretPass!23', password: 'whatever' },
      ip: '10.9.0.4',
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    const rows = await t.db.selectFrom('audit_log').select(['target']).where('ip', '=', '10.9.0.4').execute()
    expect(rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(rows)).not.toContain('MySecretPass')
  })

  it.each([
    ['GET', '/api/auth/get-session'],
    ['POST', '/api/auth/sign-up/email'],
    ['POST', '/api/auth/admin/impersonate-user'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/auth/reset-password'],
    ['GET', '/api/auth/reset-password/some-token'],
  ])('does not expose %s %s over HTTP', async (method, path) => {
    const cookie = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)
    const response = await t.request(method, path, { cookie, ...(method === 'POST' ? { body: {} } : {}) })
    expect(response.status).toBe(404)
  })

  it('refuses self sign-up and creates no account', async () => {
    const response = await t.request('POST', '/api/auth/sign-up/email', {
      body: { email: 'intruder@example.com', password: 'Intruder-pass-1', name: 'Intruder' },
    })
    expect(response.status).toBe(404)
    const intruder = await t.db
      .selectFrom('auth_user')
      .select('id')
      .where('email', '=', 'intruder@example.com')
      .execute()
    expect(intruder).toHaveLength(0)
  })

  it('rate-limits failed sign-in attempts from one address, with the counter in the database', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await t.request('POST', '/api/auth/sign-in/email', {
        body: { email: `someone-${attempt}@example.com`, password: `wrong-${attempt}` },
        ip: '10.9.9.9',
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5)).toEqual([429, 429])
    const counters = await t.db.selectFrom('sign_in_failures').select(['key', 'failures']).execute()
    expect(counters).toContainEqual({ key: 'ip:10.9.9.9', failures: 5 })
    expect(await auditActions('auth.sign_in_rate_limited')).toHaveLength(2)
    // Another address is not affected.
    const other = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      ip: '10.9.9.10',
    })
    expect(other.status).toBe(200)
  })

  it('signs out and audits it', async () => {
    const cookie = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)
    const response = await t.request('POST', '/api/auth/sign-out', { cookie, body: {} })
    expect(response.status).toBe(200)
    expect((await t.request('GET', '/api/me', { cookie })).status).toBe(401)
    expect((await auditActions('auth.sign_out')).length).toBeGreaterThan(0)
  })
})

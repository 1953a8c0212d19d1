import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp, USER_PASSWORD } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

async function requestReset(email: string) {
  const response = await t.request('POST', '/api/auth/request-password-reset', {
    body: { email, redirectTo: '/reset-password' },
  })
  expect(response.status).toBe(200)
  const mail = await t.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow()
  const link = mail.text_body.match(/http\S+/)?.[0]
  if (!link) throw new Error('no link in the reset mail')
  return { mail, link, token: new URL(link).searchParams.get('token') ?? '' }
}

describe('forced new password at first sign-in', () => {
  it('lets the bootstrap admin do nothing but set a new password, then lands on the management dashboard', async () => {
    const cookie = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)
    const me = await t.request('GET', '/api/me', { cookie })
    expect(me.status).toBe(200)
    expect(me.json.mustChangePassword).toBe(true)
    expect((await t.request('GET', '/api/users', { cookie })).status).toBe(403)

    const tooShort = await t.request('POST', '/api/account/password', { cookie, body: { newPassword: '12345' } })
    expect(tooShort.status).toBe(400)
    expect(tooShort.json.error).toMatchObject({
      field: 'newPassword',
      message: 'Password must be at least 6 characters long.',
    })
    const common = await t.request('POST', '/api/account/password', { cookie, body: { newPassword: 'password1' } })
    expect(common.status).toBe(400)
    expect(common.json.error.message).toMatch(/too common/)

    const changed = await t.request('POST', '/api/account/password', {
      cookie,
      body: { newPassword: 'Admin-chose-this-1' },
    })
    expect(changed.status).toBe(200)
    expect(changed.json.redirectTo).toBe('/dashboard/management')
    // The old session is over; the response carries a fresh one.
    expect((await t.request('GET', '/api/me', { cookie })).status).toBe(401)
    const fresh = t.cookieFrom(changed.headers)
    const after = await t.request('GET', '/api/me', { cookie: fresh })
    expect(after.json.mustChangePassword).toBe(false)
    expect((await t.request('GET', '/api/users', { cookie: fresh })).status).toBe(200)
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.password_changed').execute()
    expect(audit).toHaveLength(1)
    expect(JSON.stringify(audit)).not.toContain('Admin-chose-this-1')
  })

  it('refuses a password change without a token from an account that is not required to change', async () => {
    const agent = await t.createUser('recovery_agent')
    const response = await t.request('POST', '/api/account/password', {
      cookie: agent.cookie,
      body: { newPassword: 'Sneaky-change-9' },
    })
    expect(response.status).toBe(403)
  })
})

describe('password reset by e-mail', () => {
  it('stores the mail in the outbox with a /reset-password link that sets a new password once and ends old sessions', async () => {
    const agent = await t.createUser('recovery_agent')
    const secondSession = await t.signIn(agent.email, USER_PASSWORD)
    const { mail, link, token } = await requestReset(agent.email)
    expect(mail.sent_at).toBeNull()
    expect(link.startsWith('http://localhost:3000/reset-password?token=')).toBe(true)
    expect(token.length).toBeGreaterThanOrEqual(24)

    const weak = await t.request('POST', '/api/account/password', { body: { token, newPassword: 'abcde' } })
    expect(weak.status).toBe(400)

    const reset = await t.request('POST', '/api/account/password', { body: { token, newPassword: 'Reset-by-mail-7' } })
    expect(reset.status).toBe(200)
    expect(reset.json.redirectTo).toBe('/dashboard/recovery-agent')

    for (const oldCookie of [agent.cookie, secondSession]) {
      expect((await t.request('GET', '/api/me', { cookie: oldCookie })).status).toBe(401)
    }
    expect((await t.request('GET', '/api/me', { cookie: t.cookieFrom(reset.headers) })).status).toBe(200)
    const signIn = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: agent.email, password: 'Reset-by-mail-7' },
    })
    expect(signIn.status).toBe(200)
    const oldPassword = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: agent.email, password: USER_PASSWORD },
    })
    expect(oldPassword.status).toBe(401)

    const again = await t.request('POST', '/api/account/password', { body: { token, newPassword: 'Second-use-8x' } })
    expect(again.status).toBe(400)
    expect(again.json.error.field).toBe('token')
  })

  it('ends every earlier reset link of the account when one of them is used', async () => {
    const agent = await t.createUser('recovery_agent')
    const older = await requestReset(agent.email)
    const newer = await requestReset(agent.email)
    expect(older.token).not.toBe(newer.token)
    const reset = await t.request('POST', '/api/account/password', {
      body: { token: newer.token, newPassword: 'Newest-choice-4' },
    })
    expect(reset.status).toBe(200)
    const stale = await t.request('POST', '/api/account/password', {
      body: { token: older.token, newPassword: 'Attacker-pick-5' },
    })
    expect(stale.status).toBe(400)
    expect(stale.json.error.field).toBe('token')
  })

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const response = await t.request('POST', '/api/auth/request-password-reset', {
      body: { email: 'nobody@example.com', redirectTo: '/reset-password' },
    })
    expect(response.status).toBe(200)
    const mails = await t.db.selectFrom('outbox').select('id').where('to_address', '=', 'nobody@example.com').execute()
    expect(mails).toHaveLength(0)
  })

  it('refuses a made-up token', async () => {
    const response = await t.request('POST', '/api/account/password', {
      body: { token: 'made-up-token', newPassword: 'Whatever-pass-1' },
    })
    expect(response.status).toBe(400)
    expect(response.json.error.message).toBe('This password reset link is invalid or has expired. Request a new one.')
  })
})

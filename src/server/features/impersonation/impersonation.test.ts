import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, USER_PASSWORD } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('impersonation ("view as")', () => {
  it('lets an admin view as an agent, shows who, audits both ids, and returns to the admin', async () => {
    const admin = await t.createUser('admin')
    const agent = await t.createUser('recovery_agent')
    const started = await t.request('POST', `/api/impersonation/${agent.profileId}`, { cookie: admin.cookie })
    expect(started.status).toBe(200)
    const asAgent = t.cookieFrom(started.headers, admin.cookie)
    const me = await t.request('GET', '/api/me', { cookie: asAgent })
    expect(me.json.profile.email).toBe(agent.email)
    expect(me.json.impersonatedBy).toMatchObject({ email: admin.email })
    expect((await t.request('GET', '/api/users', { cookie: asAgent })).status).toBe(403)

    const session = await t.db
      .selectFrom('auth_session')
      .select(['expiresAt'])
      .where('impersonatedBy', '=', admin.userId)
      .executeTakeFirstOrThrow()
    const minutes = (new Date(session.expiresAt).getTime() - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(25)
    expect(minutes).toBeLessThanOrEqual(30)

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.impersonation_started')
      .executeTakeFirstOrThrow()
    expect(audit.detail).toEqual({ impersonatorUserId: admin.userId, impersonatedUserId: agent.userId })

    const stopped = await t.request('POST', '/api/impersonation/stop', { cookie: asAgent })
    expect(stopped.status).toBe(200)
    const back = t.cookieFrom(stopped.headers, asAgent)
    expect((await t.request('GET', '/api/me', { cookie: back })).json.profile.email).toBe(admin.email)
    expect((await t.request('GET', '/api/me', { cookie: asAgent })).status).toBe(401)
    const stopAudit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.impersonation_stopped')
      .executeTakeFirstOrThrow()
    expect(stopAudit.detail).toEqual({ impersonatorUserId: admin.userId, impersonatedUserId: agent.userId })
  })

  it('refuses a manager, an admin target and a deactivated target', async () => {
    const admin = await t.createUser('admin')
    const manager = await t.createUser('manager')
    const otherAdmin = await t.createUser('admin')
    const agent = await t.createUser('recovery_agent')
    expect((await t.request('POST', `/api/impersonation/${agent.profileId}`, { cookie: manager.cookie })).status).toBe(
      403,
    )
    expect(
      (await t.request('POST', `/api/impersonation/${otherAdmin.profileId}`, { cookie: admin.cookie })).status,
    ).toBe(403)
    await t.request('POST', `/api/users/${agent.profileId}/deactivate`, { cookie: admin.cookie })
    expect((await t.request('POST', `/api/impersonation/${agent.profileId}`, { cookie: admin.cookie })).status).toBe(
      400,
    )
  })
})

describe("'view as' stays within the company (issue 43)", () => {
  it("answers 404 for another company's person, starts no session and audits nothing", async () => {
    const admin = await t.createUser('admin')
    const elsewhere = await t.createCompany('Elsewhere Recovery')
    const theirAgent = await t.createUser('recovery_agent', elsewhere)
    const refused = await t.request('POST', `/api/impersonation/${theirAgent.profileId}`, { cookie: admin.cookie })
    expect(refused.status).toBe(404)
    expect(refused.json.error.message).toBe('User not found.')
    // Still the administrator: no session was switched, none was made for the other company's person.
    const me = await t.request('GET', '/api/me', { cookie: t.cookieFrom(refused.headers, admin.cookie) })
    expect(me.json.profile.email).toBe(admin.email)
    expect(me.json.impersonatedBy).toBeFalsy()
    const sessions = await t.db
      .selectFrom('auth_session')
      .select('id')
      .where('impersonatedBy', '=', admin.userId)
      .execute()
    expect(sessions).toEqual([])
    const audits = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'user.impersonation_started')
      .where('target', '=', theirAgent.profileId)
      .execute()
    expect(audits).toEqual([])
  })
})

describe("a 'view as' session ends with its administrator's access", () => {
  /** Admin A views as an agent; returns A, the cookie of that session, and another admin B. */
  async function viewingAs() {
    const a = await t.createUser('admin')
    const b = await t.createUser('admin')
    const agent = await t.createUser('recovery_agent')
    const started = await t.request('POST', `/api/impersonation/${agent.profileId}`, { cookie: a.cookie })
    expect(started.status).toBe(200)
    const asAgent = t.cookieFrom(started.headers, a.cookie)
    expect((await t.request('GET', '/api/me', { cookie: asAgent })).status).toBe(200)
    return { a, b, agent, asAgent }
  }

  it('when the administrator is demoted by another', async () => {
    const { a, b, agent, asAgent } = await viewingAs()
    const demoted = await t.request('PATCH', `/api/users/${a.profileId}`, {
      cookie: b.cookie,
      body: { role: 'manager' },
    })
    expect(demoted.status).toBe(200)
    expect((await t.request('GET', '/api/me', { cookie: asAgent })).status).toBe(401)
    // The person viewed keeps their own session.
    expect((await t.request('GET', '/api/me', { cookie: agent.cookie })).status).toBe(200)
  })

  it('when the administrator is deactivated by another', async () => {
    const { a, b, asAgent } = await viewingAs()
    expect((await t.request('POST', `/api/users/${a.profileId}/deactivate`, { cookie: b.cookie })).status).toBe(200)
    expect((await t.request('GET', '/api/me', { cookie: asAgent })).status).toBe(401)
  })

  it("when the administrator's password is reset", async () => {
    const { a, b, asAgent } = await viewingAs()
    expect((await t.request('POST', `/api/users/${a.profileId}/password-reset`, { cookie: b.cookie })).status).toBe(200)
    const mail = await t.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', a.email)
      .executeTakeFirstOrThrow()
    const token = new URL(mail.text_body.match(/http\S+/)?.[0] ?? '').searchParams.get('token')
    const set = await t.request('POST', '/api/account/password', { body: { token, newPassword: 'Fresh-start-2026' } })
    expect(set.status).toBe(200)
    expect((await t.request('GET', '/api/me', { cookie: asAgent })).status).toBe(401)
  })

  it("even when the administrator's profile changes on a path that ends no session", async () => {
    const { a, asAgent } = await viewingAs()
    await t.db.updateTable('profiles').set({ role: 'manager' }).where('id', '=', a.profileId).execute()
    expect((await t.request('GET', '/api/me', { cookie: asAgent })).status).toBe(401)
    await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', a.profileId).execute()
    expect((await t.request('GET', '/api/me', { cookie: asAgent })).status).toBe(200)
  })

  it('when the administrator changes their own password or signs out their other sessions', async () => {
    const first = await viewingAs()
    const changed = await t.request('POST', '/api/profile/password', {
      cookie: first.a.cookie,
      body: { currentPassword: USER_PASSWORD, newPassword: 'Another-start-2026' },
    })
    expect(changed.status).toBe(200)
    expect((await t.request('GET', '/api/me', { cookie: first.asAgent })).status).toBe(401)

    const second = await viewingAs()
    const revoked = await t.request('POST', '/api/profile/sessions/revoke-others', { cookie: second.a.cookie })
    expect(revoked.status).toBe(200)
    expect((await t.request('GET', '/api/me', { cookie: second.asAgent })).status).toBe(401)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

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

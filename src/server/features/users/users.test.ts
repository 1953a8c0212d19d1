import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('users API: permission and company scoping', () => {
  it('gives a recovery_agent 403 on an admin-only route, and audits the refusal', async () => {
    const agent = await t.createUser('recovery_agent')
    const response = await t.request('GET', '/api/users', { cookie: agent.cookie })
    expect(response.status).toBe(403)
    const refusal = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'request.refused')
      .where('actor_user_id', '=', agent.userId)
      .executeTakeFirst()
    expect(refusal).toMatchObject({ target: 'GET /api/users', company_id: t.companyId })
  })

  it('treats an unknown role as recovery_agent', async () => {
    const odd = await t.createUser('superuser')
    expect((await t.request('GET', '/api/users', { cookie: odd.cookie })).status).toBe(403)
    const me = await t.request('GET', '/api/me', { cookie: odd.cookie })
    expect(me.json).toMatchObject({ defaultRoute: '/dashboard/recovery-agent', profile: { role: 'recovery_agent' } })
  })

  it('lets a manager list the company, active first then by first name', async () => {
    const manager = await t.createUser('manager')
    await t.db
      .updateTable('profiles')
      .set({ active: false, first_name: 'Aaron' })
      .where('id', '=', manager.profileId)
      .execute()
    const other = await t.createUser('manager')
    const response = await t.request('GET', '/api/users', { cookie: other.cookie })
    expect(response.status).toBe(200)
    const users = response.json.users as Array<{ active: boolean; first_name: string }>
    expect(users.at(-1)).toMatchObject({ active: false, first_name: 'Aaron' })
    expect(users.slice(0, -1).every((user) => user.active)).toBe(true)
  })

  it("gives a second company's user 404 for the first company's rows, and never lists them", async () => {
    const firstCompanyAgent = await t.createUser('recovery_agent')
    const secondCompany = await t.createCompany('Other Agency')
    const outsider = await t.createUser('admin', secondCompany)
    const response = await t.request('GET', `/api/users/${firstCompanyAgent.profileId}`, { cookie: outsider.cookie })
    expect(response.status).toBe(404)
    const list = await t.request('GET', '/api/users', { cookie: outsider.cookie })
    expect(list.json.users.map((user: { id: string }) => user.id)).toEqual([outsider.profileId])
    const insider = await t.createUser('admin')
    const own = await t.request('GET', `/api/users/${firstCompanyAgent.profileId}`, { cookie: insider.cookie })
    expect(own.status).toBe(200)
  })

  it('answers a malformed id with a 400 naming the field', async () => {
    const admin = await t.createUser('admin')
    const response = await t.request('GET', '/api/users/not-a-uuid', { cookie: admin.cookie })
    expect(response.status).toBe(400)
    expect(response.json.error.field).toBe('id')
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, USER_PASSWORD } from '../../test/harness'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>
let manager: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  await t.db
    .insertInto('market_zip_codes')
    .values([
      { company_id: t.companyId, zip_code: '36602', market: 'Mobile' },
      { company_id: t.companyId, zip_code: '38261', market: 'Union City' },
    ])
    .execute()
  admin = await t.createUser('admin')
  manager = await t.createUser('manager')
})
afterAll(() => t?.close())

const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2, 8)}@example.com`,
  firstName: 'Nia',
  lastName: 'Newcomer',
  role: 'recovery_agent',
  market: 'Mobile',
  rdnIdNumber: '4242',
  delivery: 'temporary_password',
  ...overrides,
})

async function auditRow(action: string, target: string) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target', '=', target)
    .executeTakeFirst()
}

describe('creating accounts', () => {
  it('gives a temporary password once; the account must set a new one at first sign-in', async () => {
    const created = await t.request('POST', '/api/users', { cookie: manager.cookie, body: newUser() })
    expect(created.status).toBe(201)
    expect(created.json.user).toMatchObject({
      role: 'recovery_agent',
      market: 'Mobile',
      rdn_id_number: '4242',
      active: true,
    })
    const password = created.json.temporaryPassword as string
    expect(password.length).toBeGreaterThanOrEqual(12)
    const cookie = await t.signIn(created.json.user.email, password)
    const me = await t.request('GET', '/api/me', { cookie })
    expect(me.json.mustChangePassword).toBe(true)
    expect(await auditRow('user.created', created.json.user.id)).toBeTruthy()
  })

  it('sends a set-password link by e-mail instead, when asked', async () => {
    const body = newUser({ delivery: 'email' })
    const created = await t.request('POST', '/api/users', { cookie: admin.cookie, body })
    expect(created.status).toBe(201)
    expect(created.json.temporaryPassword).toBeNull()
    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', body.email)
      .executeTakeFirstOrThrow()
    const token = new URL(mail.text_body.match(/http\S+/)?.[0] ?? '').searchParams.get('token')
    const set = await t.request('POST', '/api/account/password', { body: { token, newPassword: 'Invited-and-in-1' } })
    expect(set.status).toBe(200)
    expect(set.json.redirectTo).toBe('/dashboard/recovery-agent')
  })

  it.each([
    [{ email: 'not-an-email' }, 'email'],
    [{ firstName: '' }, 'firstName'],
    [{ role: 'overlord' }, 'role'],
    [{ delivery: 'pigeon' }, 'delivery'],
  ])('answers %o with a 400 naming %s', async (overrides, field) => {
    const response = await t.request('POST', '/api/users', { cookie: admin.cookie, body: newUser(overrides) })
    expect(response.status).toBe(400)
    expect(response.json.error.field).toBe(field)
  })

  it('refuses an e-mail that already has an account', async () => {
    const response = await t.request('POST', '/api/users', {
      cookie: admin.cookie,
      body: newUser({ email: manager.email }),
    })
    expect(response.status).toBe(409)
    expect(response.json.error).toMatchObject({
      field: 'email',
      message: 'An account with this e-mail already exists.',
    })
  })

  it('lets only an administrator create an administrator', async () => {
    const byManager = await t.request('POST', '/api/users', {
      cookie: manager.cookie,
      body: newUser({ role: 'admin' }),
    })
    expect(byManager.status).toBe(403)
    const byAdmin = await t.request('POST', '/api/users', { cookie: admin.cookie, body: newUser({ role: 'admin' }) })
    expect(byAdmin.status).toBe(201)
  })

  it.each(['recovery_agent', 'field_manager', 'compliance_manager'])('refuses %s with 403', async (role) => {
    const someone = await t.createUser(role)
    expect((await t.request('POST', '/api/users', { cookie: someone.cookie, body: newUser() })).status).toBe(403)
    expect(
      (await t.request('PATCH', `/api/users/${manager.profileId}`, { cookie: someone.cookie, body: { market: 'X' } }))
        .status,
    ).toBe(403)
  })
})

describe('listing', () => {
  it('searches by name or e-mail and filters by role and market', async () => {
    await t.request('POST', '/api/users', {
      cookie: admin.cookie,
      body: newUser({ firstName: 'Zelda', market: 'Union City', role: 'camera_driver' }),
    })
    const bySearch = await t.request('GET', '/api/users?search=zeld', { cookie: admin.cookie })
    expect(bySearch.json.users.map((user: { first_name: string }) => user.first_name)).toEqual(['Zelda'])
    const byRole = await t.request('GET', '/api/users?role=camera_driver', { cookie: admin.cookie })
    expect(byRole.json.users.every((user: { role: string }) => user.role === 'camera_driver')).toBe(true)
    const byMarket = await t.request('GET', '/api/users?market=Union%20City', { cookie: admin.cookie })
    expect(byMarket.json.users.map((user: { market: string }) => user.market)).toEqual(['Union City'])
    expect(bySearch.json.markets).toContain('Union City')
  })
})

describe('editing, deactivating, resetting', () => {
  it('changes role, market and RDN id; a role change ends the sessions at once', async () => {
    const agent = await t.createUser('recovery_agent')
    const response = await t.request('PATCH', `/api/users/${agent.profileId}`, {
      cookie: manager.cookie,
      body: { role: 'field_manager', market: 'Mobile', rdnIdNumber: '9001' },
    })
    expect(response.status).toBe(200)
    expect(response.json.user).toMatchObject({ role: 'field_manager', market: 'Mobile', rdn_id_number: '9001' })
    expect((await t.request('GET', '/api/me', { cookie: agent.cookie })).status).toBe(401)
    const fresh = await t.signIn(agent.email, USER_PASSWORD)
    expect((await t.request('GET', '/api/me', { cookie: fresh })).json.defaultRoute).toBe('/dashboard/field-manager')
  })

  it('deactivates: the open session stops working, sign-in and reset mails are refused; reactivates', async () => {
    const agent = await t.createUser('recovery_agent')
    const deactivated = await t.request('POST', `/api/users/${agent.profileId}/deactivate`, { cookie: manager.cookie })
    expect(deactivated.json.user.active).toBe(false)
    expect((await t.request('GET', '/api/me', { cookie: agent.cookie })).status).toBe(401)
    const signIn = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: agent.email, password: USER_PASSWORD },
    })
    expect(signIn.status).toBe(403)
    expect(signIn.json.message).toBe('This account has been deactivated. Contact your administrator.')
    await t.request('POST', '/api/auth/request-password-reset', {
      body: { email: agent.email, redirectTo: '/reset-password' },
    })
    expect(await t.db.selectFrom('outbox').select('id').where('to_address', '=', agent.email).execute()).toHaveLength(0)
    expect(await auditRow('user.deactivated', agent.profileId)).toBeTruthy()

    await t.request('POST', `/api/users/${agent.profileId}/reactivate`, { cookie: manager.cookie })
    expect(
      (await t.request('POST', '/api/auth/sign-in/email', { body: { email: agent.email, password: USER_PASSWORD } }))
        .status,
    ).toBe(200)
  })

  it('sends a password reset mail', async () => {
    const agent = await t.createUser('lot_manager')
    const response = await t.request('POST', `/api/users/${agent.profileId}/password-reset`, { cookie: manager.cookie })
    expect(response.status).toBe(200)
    expect(await t.db.selectFrom('outbox').select('id').where('to_address', '=', agent.email).execute()).toHaveLength(1)
  })

  it("refuses to touch another company's people with 404", async () => {
    const otherCompany = await t.createCompany('Elsewhere Recovery')
    const outsider = await t.createUser('admin', otherCompany)
    for (const [method, path] of [
      ['PATCH', `/api/users/${manager.profileId}`],
      ['POST', `/api/users/${manager.profileId}/deactivate`],
      ['POST', `/api/users/${manager.profileId}/password-reset`],
      ['POST', `/api/impersonation/${manager.profileId}`],
    ] as const) {
      const response = await t.request(method, path, { cookie: outsider.cookie, body: { market: 'X' } })
      expect(response.status, `${method} ${path}`).toBe(404)
    }
  })
})

describe('the last active administrator', () => {
  it('can be neither deactivated nor demoted, by anyone, and nobody deactivates themselves', async () => {
    const solo = await createTestApp()
    try {
      const onlyAdmin = await solo.createUser('admin')
      // The bootstrap admin is the other active admin; take it out first.
      const bootstrap = await solo.db
        .selectFrom('profiles')
        .select('id')
        .where('email', '=', 'admin@example.com')
        .executeTakeFirstOrThrow()
      expect(
        (await solo.request('POST', `/api/users/${bootstrap.id}/deactivate`, { cookie: onlyAdmin.cookie })).status,
      ).toBe(200)

      const self = await solo.request('POST', `/api/users/${onlyAdmin.profileId}/deactivate`, {
        cookie: onlyAdmin.cookie,
      })
      expect(self.status).toBe(400)
      const demote = await solo.request('PATCH', `/api/users/${onlyAdmin.profileId}`, {
        cookie: onlyAdmin.cookie,
        body: { role: 'manager' },
      })
      expect(demote.status).toBe(400)
      expect(demote.json.error.message).toBe('The company must keep at least one active administrator.')
      const soloManager = await solo.createUser('manager')
      const byManager = await solo.request('POST', `/api/users/${onlyAdmin.profileId}/deactivate`, {
        cookie: soloManager.cookie,
      })
      expect(byManager.status).toBe(403)
    } finally {
      await solo.close()
    }
  })
})

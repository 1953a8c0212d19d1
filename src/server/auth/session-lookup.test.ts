import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { createSessionLookup } from './session-lookup'

// Every request reads its session: the common case in one statement, the rest through better-auth
// (issue 21). Both must end in the same viewer, and the same cookies, as better-auth alone.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const DAY_MS = 24 * 60 * 60 * 1000

async function sessionOf(cookie: string) {
  const token = decodeURIComponent(cookie.match(/session_token=([^;]+)/)?.[1] ?? '').split('.')[0]
  return t.db.selectFrom('auth_session').selectAll().where('token', '=', token).executeTakeFirstOrThrow()
}

function lookUp(cookie: string) {
  const getSession = vi.spyOn(t.deps.auth.api, 'getSession')
  const lookup = createSessionLookup(t.deps)
  return {
    result: lookup(new Headers({ cookie })),
    askedBetterAuth: () => getSession.mock.calls.length > 0,
    done: () => getSession.mockRestore(),
  }
}

describe('the session behind a request', () => {
  it('reads a valid session, its user and profile without better-auth, and sends no cookie', async () => {
    const user = await t.createUser('lot_manager')
    const { result, askedBetterAuth, done } = lookUp(user.cookie)
    const { session, profile, setCookies } = await result
    expect(askedBetterAuth()).toBe(false)
    done()
    expect(session).toMatchObject({ userId: user.userId, email: user.email, banned: false, impersonatedBy: null })
    expect(profile).toMatchObject({ id: user.profileId, company_id: t.companyId, role: 'lot_manager', active: true })
    expect(setCookies).toEqual([])
    expect((await t.request('GET', '/api/me', { cookie: user.cookie })).status).toBe(200)
  })

  it('leaves a session due for its refresh to better-auth, which extends it and sends the cookie again', async () => {
    const user = await t.createUser('lot_manager')
    const stored = await sessionOf(user.cookie)
    // Signed in six days ago: a seven-day session past its one-day update age.
    await t.db
      .updateTable('auth_session')
      .set({ expiresAt: new Date(Date.now() + DAY_MS), updatedAt: new Date(Date.now() - 6 * DAY_MS) })
      .where('id', '=', stored.id)
      .execute()
    const { result, askedBetterAuth, done } = lookUp(user.cookie)
    const { session, profile, setCookies } = await result
    expect(askedBetterAuth()).toBe(true)
    done()
    expect(session?.userId).toBe(user.userId)
    expect(profile?.id).toBe(user.profileId)
    expect(setCookies.some((cookie) => cookie.includes('session_token'))).toBe(true)
    const extended = await sessionOf(user.cookie)
    expect(new Date(extended.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS)
  })

  it('refuses an expired session through better-auth, which deletes it and clears the cookie', async () => {
    const user = await t.createUser('lot_manager')
    const stored = await sessionOf(user.cookie)
    await t.db
      .updateTable('auth_session')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', stored.id)
      .execute()
    const response = await t.request('GET', '/api/me', { cookie: user.cookie })
    expect(response.status).toBe(401)
    expect(response.headers.getSetCookie().some((cookie) => /session_token=;/.test(cookie))).toBe(true)
    const left = await t.db.selectFrom('auth_session').select('id').where('id', '=', stored.id).execute()
    expect(left).toEqual([])
  })

  it('refuses a cookie whose signature was altered, and one whose session is gone', async () => {
    const user = await t.createUser('lot_manager')
    const value = decodeURIComponent(user.cookie.match(/session_token=([^;]+)/)?.[1] ?? '')
    const [token, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)]
    const altered = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    const tampered = user.cookie.replace(
      /session_token=[^;]+/,
      `session_token=${encodeURIComponent(`${token}.${altered}`)}`,
    )
    expect((await t.request('GET', '/api/me', { cookie: tampered })).status).toBe(401)
    const forged = user.cookie.replace(
      /session_token=[^;]+/,
      `session_token=${encodeURIComponent(`other.${signature}`)}`,
    )
    expect((await t.request('GET', '/api/me', { cookie: forged })).status).toBe(401)

    await t.db.deleteFrom('auth_session').where('token', '=', token).execute()
    expect((await t.request('GET', '/api/me', { cookie: user.cookie })).status).toBe(401)
  })

  it('counts a banned user and a deactivated profile as signed out', async () => {
    const banned = await t.createUser('lot_manager')
    await t.db.updateTable('auth_user').set({ banned: true }).where('id', '=', banned.userId).execute()
    expect((await t.request('GET', '/api/me', { cookie: banned.cookie })).status).toBe(401)

    const inactive = await t.createUser('lot_manager')
    await t.db.updateTable('profiles').set({ active: false }).where('id', '=', inactive.profileId).execute()
    expect((await t.request('GET', '/api/me', { cookie: inactive.cookie })).status).toBe(401)
  })

  it('reads the sessions of requests that arrive together in one statement, and reads again after', async () => {
    const [first, second] = [await t.createUser('lot_manager'), await t.createUser('field_manager')]
    const lookup = createSessionLookup(t.deps)
    const statements = vi.spyOn(t.deps.db, 'executeQuery')
    try {
      const together = await Promise.all([
        lookup(new Headers({ cookie: first.cookie })),
        lookup(new Headers({ cookie: first.cookie })),
        lookup(new Headers({ cookie: second.cookie })),
      ])
      expect(statements).toHaveBeenCalledTimes(1)
      expect(together.map((found) => found.profile?.id)).toEqual([first.profileId, first.profileId, second.profileId])
      expect(together.map((found) => found.session?.email)).toEqual([first.email, first.email, second.email])
      // Nothing is kept once the read is done: a session deleted since is refused.
      await t.db.deleteFrom('auth_session').where('userId', '=', first.userId).execute()
      expect((await lookup(new Headers({ cookie: first.cookie }))).session).toBeNull()
    } finally {
      statements.mockRestore()
    }
  })

  it('gives each request sharing a read that failed the failure, and reads anew for the next', async () => {
    const user = await t.createUser('lot_manager')
    const lookup = createSessionLookup(t.deps)
    const statements = vi.spyOn(t.deps.db, 'executeQuery').mockRejectedValueOnce(new Error('connection lost'))
    try {
      const together = await Promise.allSettled([
        lookup(new Headers({ cookie: user.cookie })),
        lookup(new Headers({ cookie: user.cookie })),
      ])
      expect(together.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected'])
      expect((await lookup(new Headers({ cookie: user.cookie }))).profile?.id).toBe(user.profileId)
    } finally {
      statements.mockRestore()
    }
  })
})

import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, USER_PASSWORD } from '../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: '5/60' })
})
afterAll(() => t?.close())

const signIn = (email: string, password: string, ip: string) =>
  t.request('POST', '/api/auth/sign-in/email', { body: { email, password }, ip })

describe('the sign-in limit (5 per 60 s here) counts failures only', () => {
  it('lets six people of one office, behind one address, sign in one after another', async () => {
    const people = await Promise.all(Array.from({ length: 7 }, () => t.createUser('recovery_agent')))
    const statuses: number[] = []
    for (const person of people) statuses.push((await signIn(person.email, USER_PASSWORD, '10.20.0.1')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200])
  })

  it('refuses the 6th wrong password for one account even from six different addresses, saying when to try again', async () => {
    const target = await t.createUser('manager')
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 5; attempt++) {
      statuses.push((await signIn(target.email, `wrong-${attempt}`, `10.21.0.${attempt}`)).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    const sixth = await signIn(target.email, 'wrong-6', '10.21.0.6')
    expect(sixth.status).toBe(429)
    const retryAfter = Number(sixth.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(sixth.json.error.message).toMatch(
      /^Too many failed sign-in attempts\. Try again in (\d+ seconds?|1 minute)\.$/,
    )
    // While refused, even the right password is not tried (it would tell a guesser they found it).
    expect((await signIn(target.email, USER_PASSWORD, '10.21.0.7')).status).toBe(429)
    const audit = await t.db
      .selectFrom('audit_log')
      .select('ip')
      .where('action', '=', 'auth.sign_in_rate_limited')
      .where('target', '=', target.email)
      .execute()
    expect(audit).toHaveLength(2)
  })

  it('refuses the 6th wrong password from one address, across accounts; others elsewhere are not affected', async () => {
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 7; attempt++) {
      statuses.push((await signIn(`guess-${attempt}@example.com`, 'wrong', '10.22.0.1')).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
    const counter = await t.db
      .selectFrom('sign_in_failures')
      .select('failures')
      .where('key', '=', 'ip:10.22.0.1')
      .executeTakeFirstOrThrow()
    expect(counter.failures).toBe(5)
    const elsewhere = await t.createUser('manager')
    expect((await signIn(elsewhere.email, USER_PASSWORD, '10.22.0.2')).status).toBe(200)
  })

  it("does not clear an address's failures when someone else signs in from it", async () => {
    const ip = '10.23.0.1'
    const colleague = await t.createUser('manager')
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await signIn(`typo-${attempt}@example.com`, 'wrong', ip)).status).toBe(401)
    }
    expect((await signIn(colleague.email, USER_PASSWORD, ip)).status).toBe(200)
    expect((await signIn('typo-5@example.com', 'wrong', ip)).status).toBe(401)
    expect((await signIn('typo-6@example.com', 'wrong', ip)).status).toBe(429)
  })

  it('clears an account’s own failures when its right password is given, and counts nothing for bad input', async () => {
    const person = await t.createUser('manager')
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await signIn(person.email, 'wrong', `10.24.0.${attempt}`)).status).toBe(401)
    }
    expect((await signIn(person.email, USER_PASSWORD, '10.24.1.1')).status).toBe(200)
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(person.email, 'wrong', `10.24.2.${attempt}`)).status).toBe(401)
    }
    for (let attempt = 1; attempt <= 6; attempt++) {
      const response = await t.request('POST', '/api/auth/sign-in/email', { body: { email: 'x' }, ip: '10.24.3.1' })
      expect(response.status).toBe(400)
    }
  })

  it('counts attempts sent at once: ten parallel guesses get at most five answers', async () => {
    const target = await t.createUser('manager')
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => signIn(target.email, `burst-${index}`, `10.25.0.${index}`)),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(5)
  })

  it('lets the account try again once its window has passed', async () => {
    const person = await t.createUser('manager')
    for (let attempt = 1; attempt <= 5; attempt++) await signIn(person.email, 'wrong', `10.26.0.${attempt}`)
    expect((await signIn(person.email, USER_PASSWORD, '10.26.1.1')).status).toBe(429)
    await t.db
      .updateTable('sign_in_failures')
      .set({ window_started_at: sql<Date>`now() - interval '61 seconds'` })
      .where('key', '=', `account:${person.email}`)
      .execute()
    expect((await signIn(person.email, USER_PASSWORD, '10.26.1.1')).status).toBe(200)
  })
})

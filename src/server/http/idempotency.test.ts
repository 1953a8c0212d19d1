import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDashboardCompany } from '../features/dashboards/dashboard-fixtures'
import { createTestApp, type TestApp } from '../test/harness'

let t: TestApp
let seeded: Awaited<ReturnType<typeof seedDashboardCompany>>
let admin: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  seeded = await seedDashboardCompany(t)
  admin = await t.createUser('admin')
})
afterAll(() => t?.close())

const post = (path: string, cookie: string, body: unknown, key?: string) =>
  t.request('POST', path, { cookie, body, headers: key ? { 'Idempotency-Key': key } : {} })

const newUser = (email = `twice-${randomUUID().slice(0, 8)}@example.com`) => ({
  email,
  firstName: 'Dee',
  lastName: 'Double',
  role: 'recovery_agent',
  delivery: 'email',
})

const countFinds = async (orderId: string) =>
  Number(
    (
      await t.db
        .selectFrom('ccd_finds')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).n,
  )
const countNotices = async (orderId: string) =>
  Number(
    (
      await t.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('order_id', '=', orderId)
        .where('kind', '=', 'ccd_find')
        .executeTakeFirstOrThrow()
    ).n,
  )
const countProfiles = async (email: string) =>
  Number(
    (
      await t.db
        .selectFrom('profiles')
        .innerJoin('auth_user', 'auth_user.id', 'profiles.user_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('auth_user.email', '=', email)
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('Idempotency-Key on the creates a person triggers', () => {
  it('creates one user for the same key twice and answers the repeat with the first answer', async () => {
    const body = newUser()
    const key = randomUUID()
    const first = await post('/api/users', admin.cookie, body, key)
    const repeat = await post('/api/users', admin.cookie, body, key)
    expect(first.status).toBe(201)
    expect(repeat.status).toBe(201)
    expect(repeat.json).toEqual(first.json)
    expect(repeat.headers.get('idempotent-replayed')).toBe('true')
    expect(await countProfiles(body.email)).toBe(1)
    // The same key from another person is their own key.
    const other = await t.createUser('admin')
    const theirs = await post('/api/users', other.cookie, newUser(), key)
    expect(theirs.status).toBe(201)
    expect(theirs.json.user.id).not.toBe(first.json.user.id)
  })

  it('keeps a temporary password shown once out of the stored answer', async () => {
    const body = { ...newUser(), delivery: 'temporary_password' }
    const key = randomUUID()
    const first = await post('/api/users', admin.cookie, body, key)
    expect(first.json.temporaryPassword).toEqual(expect.any(String))
    const stored = await t.db
      .selectFrom('idempotency_keys')
      .select('response_body')
      .where('key', '=', key)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(stored.response_body)).not.toContain(first.json.temporaryPassword)
    const repeat = await post('/api/users', admin.cookie, body, key)
    expect(repeat.json).toEqual({ ...first.json, temporaryPassword: null })
    expect(repeat.headers.get('idempotent-withheld')).toBe('temporaryPassword')
    expect(await countProfiles(body.email)).toBe(1)
  })

  it('creates one client for concurrent requests with the same key, and both get its answer', async () => {
    const key = randomUUID()
    const body = { name: `Concurrent Lender ${key.slice(0, 6)}` }
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('/api/clients', admin.cookie, body, key)))
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201])
    expect(new Set(answers.map((answer) => answer.json.client.id)).size).toBe(1)
    const rows = await t.db.selectFrom('clients').select('id').where('name', '=', body.name).execute()
    expect(rows).toHaveLength(1)
  })

  it('refuses the same key with a different body, and a malformed key', async () => {
    const key = randomUUID()
    const first = await post('/api/clients', admin.cookie, { name: `Keyed ${key.slice(0, 6)}` }, key)
    expect(first.status).toBe(201)
    const changed = await post('/api/clients', admin.cookie, { name: `Other ${key.slice(0, 6)}` }, key)
    expect(changed.status).toBe(400)
    expect(changed.json.error.field).toBe('Idempotency-Key')
    expect(changed.json.error.message).toContain('different request')
    // Another route with the same key is another request too.
    const elsewhere = await post('/api/vendors', admin.cookie, { name: `Keyed ${key.slice(0, 6)}` }, key)
    expect(elsewhere.status).toBe(400)
    const malformed = await post('/api/clients', admin.cookie, { name: 'Bad key' }, 'a b')
    expect(malformed.status).toBe(400)
    expect(malformed.json.error.field).toBe('Idempotency-Key')
  })

  it('keeps no refusal: the repeat of a refused request runs again', async () => {
    const key = randomUUID()
    const refused = await post('/api/clients', admin.cookie, { name: '' }, key)
    expect(refused.status).toBe(400)
    const stored = await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()
    expect(stored).toEqual([])
  })

  it('answers 409 while the first request with the key is still running', async () => {
    const key = randomUUID()
    const body = { name: `Running ${key.slice(0, 6)}` }
    // A claim with no answer yet, as a first request still running on another instance leaves it.
    await t.db
      .insertInto('idempotency_keys')
      .values({
        user_id: admin.userId,
        key,
        company_id: t.companyId,
        request_hash: createHash('sha256')
          .update(`POST /api/clients\n${JSON.stringify(body)}`)
          .digest('hex'),
      })
      .execute()
    const started = Date.now()
    const repeat = await post('/api/clients', admin.cookie, body, key)
    expect(repeat.status).toBe(409)
    expect(repeat.json.error.message).toBe('This request is already being processed.')
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000)
    expect(await t.db.selectFrom('clients').select('id').where('name', '=', body.name).execute()).toEqual([])
  }, 40_000)

  it('lets a repeat take over a claim left unanswered by a server that died, and forgets keys after a day', async () => {
    const key = randomUUID()
    const body = { name: `Orphaned ${key.slice(0, 6)}` }
    const requestHash = createHash('sha256')
      .update(`POST /api/clients\n${JSON.stringify(body)}`)
      .digest('hex')
    await t.db
      .insertInto('idempotency_keys')
      .values({
        user_id: admin.userId,
        key,
        company_id: t.companyId,
        request_hash: requestHash,
        created_at: new Date(Date.now() - 3 * 60_000),
      })
      .execute()
    const repeat = await post('/api/clients', admin.cookie, body, key)
    expect(repeat.status).toBe(201)
    expect(await t.db.selectFrom('clients').select('id').where('name', '=', body.name).execute()).toHaveLength(1)

    // A day later the key is free again: another body with it is a new request.
    await t.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('key', '=', key)
      .execute()
    const later = await post('/api/clients', admin.cookie, { name: `Later ${key.slice(0, 6)}` }, key)
    expect(later.status).toBe(201)
    expect(later.json.client.id).not.toBe(repeat.json.client.id)
  })

  it('records one find and one notice for the same key twice, concurrently too', async () => {
    const orderId = seeded.orderIds.get('O-1') as string
    const key = randomUUID()
    const body = { orderId, location: 'Bel Air Mall' }
    const [first, second] = await Promise.all([
      post('/api/dashboards/camera-driver/finds', seeded.driver.cookie, body, key),
      post('/api/dashboards/camera-driver/finds', seeded.driver.cookie, body, key),
    ])
    const third = await post('/api/dashboards/camera-driver/finds', seeded.driver.cookie, body, key)
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201])
    expect(second.json).toEqual(first.json)
    expect(third.json).toEqual(first.json)
    expect(await countFinds(orderId)).toBe(1)
    expect(await countNotices(orderId)).toBe(1)
  })
})

describe('a find recorded twice within two minutes', () => {
  it('is one find and one notice without any key, even concurrently', async () => {
    const orderId = seeded.orderIds.get('O-3') as string
    const body = { orderId, location: 'Airport Blvd' }
    const [first, second] = await Promise.all([
      post('/api/dashboards/camera-driver/finds', seeded.driver.cookie, body),
      post('/api/dashboards/camera-driver/finds', seeded.driver.cookie, body),
    ])
    const third = await post('/api/dashboards/camera-driver/finds', seeded.driver.cookie, { orderId })
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201])
    expect(new Set([first.json.id, second.json.id, third.json.id]).size).toBe(1)
    expect([first.json.repeated, second.json.repeated, third.json.repeated].sort()).toEqual([false, true, true])
    expect(third.json.notified).toBe(1)
    expect(await countFinds(orderId)).toBe(1)
    expect(await countNotices(orderId)).toBe(1)
  })

  it('is a new find after the window', async () => {
    const orderId = seeded.orderIds.get('O-2') as string
    const first = await post('/api/dashboards/camera-driver/finds', seeded.driver.cookie, { orderId })
    expect(first.status).toBe(201)
    const before = await countFinds(orderId)
    await t.db
      .updateTable('ccd_finds')
      .set({ found_at: new Date(Date.now() - 3 * 60_000) })
      .where('id', '=', first.json.id)
      .execute()
    const later = await post('/api/dashboards/camera-driver/finds', seeded.driver.cookie, { orderId })
    expect(later.json.repeated).toBe(false)
    expect(await countFinds(orderId)).toBe(before + 1)
  })
})

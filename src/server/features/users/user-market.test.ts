import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase } from '../../db/connect'
import { migrateToLatest, migrateUpTo } from '../../db/migrate'
import { createTestApp, type TestApp } from '../../test/harness'
import { createTestDatabase } from '../../test/test-database'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  await t.db
    .insertInto('market_zip_codes')
    .values({ company_id: t.companyId, zip_code: '36602', market: 'Mobile' })
    .execute()
  await t.db
    .insertInto('market_lots')
    .values({ company_id: t.companyId, market: 'Phenix City', name: 'PC Lot', latitude: 32.47, longitude: -85.0 })
    .execute()
  admin = await t.createUser('admin')
})
afterAll(() => t?.close())

const newUser = (market: unknown) => ({
  email: `m-${Math.random().toString(36).slice(2, 8)}@example.com`,
  firstName: 'Mara',
  lastName: 'Market',
  role: 'camera_driver',
  market,
  delivery: 'temporary_password',
})

describe("a person's market is one of the company's markets", () => {
  it('is offered from Market Configuration, with Outside Area', async () => {
    const list = await t.request('GET', '/api/users', { cookie: admin.cookie })
    expect(list.json.marketChoices).toEqual(['Mobile', 'Phenix City', 'Outside Area'])
  })

  it.each([
    ['mobile ', 'Choose the market as configured: "Mobile".'],
    ['Mobile ', 'Choose the market as configured: "Mobile".'],
    ['MOBILE', 'Choose the market as configured: "Mobile".'],
    ['Huntsville', "Choose one of the company's markets: Mobile, Phenix City, Outside Area."],
  ])('refuses %j with a 400 naming the market', async (market, message) => {
    const created = await t.request('POST', '/api/users', { cookie: admin.cookie, body: newUser(market) })
    expect(created.status).toBe(400)
    expect(created.json.error).toMatchObject({ field: 'market', message })
  })

  it.each(['Mobile', 'Phenix City', 'Outside Area'])('accepts %j as it is', async (market) => {
    const created = await t.request('POST', '/api/users', { cookie: admin.cookie, body: newUser(market) })
    expect(created.status).toBe(201)
    expect(created.json.user.market).toBe(market)
  })

  it('accepts no market', async () => {
    const created = await t.request('POST', '/api/users', { cookie: admin.cookie, body: newUser('') })
    expect(created.status).toBe(201)
    expect(created.json.user.market).toBeNull()
  })

  it('refuses a variant on edit too, and keeps a market set before the rule until it is changed', async () => {
    const driver = await t.createUser('camera_driver')
    await t.db.updateTable('profiles').set({ market: 'Old Town' }).where('id', '=', driver.profileId).execute()
    const path = `/api/users/${driver.profileId}`
    const renamed = await t.request('PATCH', path, {
      cookie: admin.cookie,
      body: { firstName: 'Ola', market: 'Old Town' },
    })
    expect(renamed.status).toBe(200)
    const variant = await t.request('PATCH', path, { cookie: admin.cookie, body: { market: 'mobile ' } })
    expect(variant.status).toBe(400)
    expect(variant.json.error.field).toBe('market')
    const chosen = await t.request('PATCH', path, { cookie: admin.cookie, body: { market: 'Mobile' } })
    expect(chosen.json.user.market).toBe('Mobile')
  })
})

describe('migration 020', () => {
  it("makes each profile's case or spacing variant its company's market name, and leaves the rest", async () => {
    const scratch = await createTestDatabase()
    const database = await connectDatabase(scratch.target)
    try {
      const { db } = database
      await migrateUpTo(db, '016-case-group-counts')
      const company = await db
        .insertInto('companies')
        .values({ name: 'Variants Co' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db
        .insertInto('market_zip_codes')
        .values([
          { company_id: company.id, zip_code: '36602', market: 'Mobile' },
          { company_id: company.id, zip_code: '36869', market: 'Phenix City' },
        ])
        .execute()
      const markets = ['mobile ', 'PHENIX  city', ' outside area', 'Huntsville', 'Mobile', null]
      for (const [index, market] of markets.entries()) {
        await db
          .insertInto('auth_user')
          .values({
            id: `u${index}`,
            name: 'x',
            email: `u${index}@example.com`,
            emailVerified: true,
            updatedAt: new Date(),
          } as never)
          .execute()
        await db
          .insertInto('profiles')
          .values({
            user_id: `u${index}`,
            company_id: company.id,
            email: `u${index}@example.com`,
            role: 'camera_driver',
            market,
          })
          .execute()
      }
      await migrateToLatest(db)
      const rows = await db.selectFrom('profiles').select(['email', 'market']).orderBy('email').execute()
      expect(rows.map((row) => row.market)).toEqual([
        'Mobile',
        'Phenix City',
        'Outside Area',
        'Huntsville',
        'Mobile',
        null,
      ])
    } finally {
      await database.close()
      await scratch.drop()
    }
  })
})

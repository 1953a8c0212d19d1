import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  await t.db.insertInto('rdn_cases').values({ company_id: t.companyId, case_id: 9, debtor_zip: '36602' }).execute()
})
afterAll(() => t?.close())

const addZips = (market: string, zips: string, cookie = admin.cookie) =>
  t.request('POST', '/api/markets/zips', { cookie, body: { market, zips } })
const caseMarket = async () =>
  await t.db
    .selectFrom('rdn_cases')
    .select(['detected_market', 'market_confidence'])
    .where('case_id', '=', 9)
    .executeTakeFirstOrThrow()

describe('Market Configuration', () => {
  it('adds pasted ZIP codes, and the cases with them get the market at once', async () => {
    expect(await caseMarket()).toMatchObject({ detected_market: 'Unknown' })
    const added = await addZips('Mobile', '36602, 36603\n3660 36604')
    expect(added.json).toEqual({
      added: ['36602', '36603', '36604'],
      alreadyHere: [],
      inOtherMarkets: [],
      invalid: ['3660'],
    })
    expect(await caseMarket()).toEqual({ detected_market: 'Mobile', market_confidence: 95 })
  })

  it('keeps a ZIP in one market: adding it to another is reported, not moved', async () => {
    const result = await addZips('Birmingham', '36602 35203')
    expect(result.json).toEqual({
      added: ['35203'],
      alreadyHere: [],
      inOtherMarkets: [{ zip: '36602', market: 'Mobile' }],
      invalid: [],
    })
    expect((await addZips('Mobile', 'nope')).status).toBe(400)
  })

  it('deactivating or removing a ZIP re-detects its cases', async () => {
    const markets = (await t.request('GET', '/api/markets', { cookie: admin.cookie })).json.markets
    const mobile = markets.find((market: { name: string }) => market.name === 'Mobile')
    const zip = mobile.zips.find((row: { zip_code: string }) => row.zip_code === '36602')
    await t.request('PATCH', `/api/markets/zips/${zip.id}`, { cookie: admin.cookie, body: { active: false } })
    expect(await caseMarket()).toMatchObject({ detected_market: 'Unknown' })
    await t.request('PATCH', `/api/markets/zips/${zip.id}`, { cookie: admin.cookie, body: { active: true } })
    expect(await caseMarket()).toMatchObject({ detected_market: 'Mobile' })
    await t.request('DELETE', `/api/markets/zips/${zip.id}`, { cookie: admin.cookie })
    expect(await caseMarket()).toMatchObject({ detected_market: 'Unknown' })
  })

  it.each(['30.6954,-88.0399', '(30.6954,-88.0399)', '30.6954 -88.0399'])(
    'adds a lot with coordinates %s',
    async (coordinates) => {
      const lot = await t.request('POST', '/api/markets/lots', {
        cookie: admin.cookie,
        body: { market: 'Mobile', name: `Mobile Lot ${coordinates}`, address: '1 Lot Rd', coordinates },
      })
      expect(lot.status).toBe(201)
      expect(lot.json.lot).toMatchObject({ latitude: 30.6954, longitude: -88.0399 })
    },
  )

  it('turns a lot off and on', async () => {
    const markets = (await t.request('GET', '/api/markets', { cookie: admin.cookie })).json.markets
    const lot = markets.find((market: { name: string }) => market.name === 'Mobile').lots[0]
    const off = await t.request('PATCH', `/api/markets/lots/${lot.id}`, {
      cookie: admin.cookie,
      body: { active: false },
    })
    expect(off.json).toEqual({ id: lot.id, active: false })
    const after = (await t.request('GET', '/api/markets', { cookie: admin.cookie })).json.markets
    expect(
      after
        .find((market: { name: string }) => market.name === 'Mobile')
        .lots.find((l: { id: string }) => l.id === lot.id).active,
    ).toBe(false)
  })

  it.each([
    ['91,0', 'Latitude must be between -90 and 90.'],
    ['0,-181', 'Longitude must be between -180 and 180.'],
    ['here', "Enter coordinates as 'lat,lng', '(lat,lng)' or 'lat lng'."],
  ])('refuses lot coordinates %s', async (coordinates, message) => {
    const lot = await t.request('POST', '/api/markets/lots', {
      cookie: admin.cookie,
      body: { market: 'Mobile', name: 'X', coordinates },
    })
    expect(lot.status).toBe(400)
    expect(lot.json.error).toMatchObject({ field: 'coordinates', message })
  })

  it('shows another company nothing and refuses other roles', async () => {
    const outsider = await t.createUser('manager', await t.createCompany('Else'))
    expect((await t.request('GET', '/api/markets', { cookie: outsider.cookie })).json.markets).toEqual([])
    const agent = await t.createUser('recovery_agent')
    expect((await addZips('Mobile', '36605', agent.cookie)).status).toBe(403)
  })
})

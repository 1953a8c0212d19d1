import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

// The Case Location Map's layers (issue 19): settings, filter choices, lots and ZIP coverage.

type User = Awaited<ReturnType<TestApp['createUser']>>
let t: TestApp
let admin: User
let manager: User
let agent: User
let birminghamAgent: User
let fieldManager: User
let strangerId: string

const TILES = 'https://tiles.example.com/{z}/{x}/{y}.png'

beforeAll(async () => {
  t = await createTestApp({ MAP_TILES_URL: TILES, GEOCODER_URL: 'https://nominatim.example.com' })
  ;[admin, manager, agent, birminghamAgent, fieldManager] = await Promise.all([
    t.createUser('admin'),
    t.createUser('manager'),
    t.createUser('recovery_agent'),
    t.createUser('recovery_agent'),
    t.createUser('field_manager'),
  ])
  const inactive = await t.createUser('recovery_agent')
  const market = (id: string, value: string, active = true) =>
    t.db.updateTable('profiles').set({ market: value, active }).where('id', '=', id).execute()
  await market(agent.profileId, 'Mobile')
  await market(birminghamAgent.profileId, 'Birmingham')
  await market(fieldManager.profileId, 'Mobile; Pensacola')
  await market(inactive.profileId, 'Mobile', false)
  await t.db
    .updateTable('profiles')
    .set({ first_name: 'Alma', last_name: 'Reyes' })
    .where('id', '=', agent.profileId)
    .execute()

  const other = await t.createCompany('Other Layers Co')
  strangerId = (await t.createUser('recovery_agent', other)).profileId
  await market(strangerId, 'Mobile')
  await t.db
    .insertInto('market_zip_codes')
    .values([
      { company_id: t.companyId, zip_code: '36602', market: 'Mobile' },
      { company_id: t.companyId, zip_code: '36604', market: 'Mobile' },
      // A ZIP the offline index does not know: left off the map, counted.
      { company_id: t.companyId, zip_code: '00000', market: 'Mobile' },
      { company_id: t.companyId, zip_code: '36606', market: 'Mobile', active: false },
      { company_id: t.companyId, zip_code: '35203', market: 'Birmingham' },
      { company_id: other, zip_code: '36608', market: 'Mobile' },
    ])
    .execute()
  await t.db
    .insertInto('market_lots')
    .values([
      {
        company_id: t.companyId,
        market: 'Mobile',
        name: 'Bay Lot',
        address: '1 Dock St',
        latitude: 30.69,
        longitude: -88.04,
      },
      { company_id: t.companyId, market: 'Mobile', name: 'Old Lot', latitude: 30.7, longitude: -88.1, active: false },
      { company_id: t.companyId, market: 'Birmingham', name: 'Iron Lot', latitude: 33.52, longitude: -86.8 },
      // A market with a lot and no ZIPs is still a market.
      { company_id: t.companyId, market: 'Pensacola', name: 'Gulf Lot', latitude: 30.42, longitude: -87.22 },
      { company_id: other, market: 'Mobile', name: 'Stranger Lot', latitude: 30.69, longitude: -88.04 },
    ])
    .execute()
  await t.db
    .insertInto('clients')
    .values([
      { company_id: t.companyId, name: 'Map Credit', client_code: 'MAP' },
      { company_id: t.companyId, name: 'Closed Credit', client_code: 'OLD', active: false },
      { company_id: other, name: 'Stranger Credit', client_code: 'STR' },
    ])
    .execute()
})
afterAll(() => t?.close())

const get = (path: string, user: User = admin) => t.request('GET', `/api/map/${path}`, { cookie: user.cookie })
const names = (rows: { name: string }[]) => rows.map((row) => row.name)

describe('Case Location Map settings', () => {
  it('says the street tiles and whether addresses are placed by street, and lets the tiles through the CSP', async () => {
    const config = await get('config')
    expect(config.status).toBe(200)
    expect(config.json).toEqual({ tilesUrl: TILES, streetGeocoder: true })
    expect(config.headers.get('content-security-policy')).toMatch(
      /img-src 'self' data: blob: https:\/\/tiles\.example\.com;/,
    )
  })
})

describe('Case Location Map filter choices', () => {
  it('offers an administrator or manager every market, active agent and active client of the company', async () => {
    for (const user of [admin, manager]) {
      const filters = await get('filters', user)
      expect(filters.status).toBe(200)
      expect(filters.json.markets).toEqual(['Birmingham', 'Mobile', 'Pensacola'])
      expect(filters.json.agents).toEqual([
        { id: agent.profileId, name: 'Alma Reyes' },
        { id: birminghamAgent.profileId, name: 'Test recovery_agent' },
      ])
      expect(filters.json.clients).toEqual([{ id: expect.any(String), name: 'Map Credit' }])
    }
  })

  it('offers a field manager their markets and their agents, and a recovery agent only themself', async () => {
    const managed = await get('filters', fieldManager)
    expect(managed.json.markets).toEqual(['Mobile', 'Pensacola'])
    expect(managed.json.agents).toEqual([{ id: agent.profileId, name: 'Alma Reyes' }])
    const own = await get('filters', agent)
    expect(own.json).toMatchObject({ markets: ['Mobile'], agents: [{ id: agent.profileId, name: 'Alma Reyes' }] })
    expect(names(own.json.clients)).toEqual(['Map Credit'])
    expect(JSON.stringify(own.json)).not.toMatch(/Stranger|Closed Credit/)
  })
})

describe('Case Location Map lots and coverage', () => {
  it('places the active lots of the viewer’s markets', async () => {
    const all = await get('lots')
    expect(all.status).toBe(200)
    expect(all.json.lots.map((lot: { name: string }) => lot.name)).toEqual(['Iron Lot', 'Bay Lot', 'Gulf Lot'])
    expect(all.json.lots[1]).toEqual({
      id: expect.any(String),
      market: 'Mobile',
      name: 'Bay Lot',
      address: '1 Dock St',
      lat: 30.69,
      lng: -88.04,
    })
    expect(names((await get('lots', fieldManager)).json.lots)).toEqual(['Bay Lot', 'Gulf Lot'])
    expect(names((await get('lots', birminghamAgent)).json.lots)).toEqual(['Iron Lot'])
  })

  it('shades the active ZIPs of the viewer’s markets at their centres, counting those it cannot place', async () => {
    const all = await get('coverage')
    expect(all.status).toBe(200)
    expect(all.json).toEqual({
      markets: [
        {
          market: 'Birmingham',
          zips: [{ zip: '35203', lat: expect.closeTo(33.52, 1), lng: expect.closeTo(-86.81, 1) }],
        },
        {
          market: 'Mobile',
          zips: [
            { zip: '36602', lat: expect.closeTo(30.69, 1), lng: expect.closeTo(-88.05, 1) },
            { zip: '36604', lat: expect.any(Number), lng: expect.any(Number) },
          ],
        },
      ],
      unplaced: 1,
    })
    const managed = await get('coverage', fieldManager)
    expect(managed.json.markets.map((row: { market: string }) => row.market)).toEqual(['Mobile'])
    const nowhere = await t.createUser('field_manager')
    expect((await get('coverage', nowhere)).json).toEqual({ markets: [], unplaced: 0 })
    expect((await get('lots', nowhere)).json).toEqual({ lots: [] })
  })
})

describe('Case Location Map layers: refusals', () => {
  it('refuses query keys they do not take, and roles without the map', async () => {
    for (const path of ['config', 'filters', 'lots', 'coverage']) {
      const unknown = await get(`${path}?colour=red`)
      expect(unknown.status).toBe(400)
      expect(unknown.json.error.message).toMatch(/Unknown filter: colour\./)
    }
    const lotManager = await t.createUser('lot_manager')
    for (const path of ['config', 'filters', 'lots', 'coverage', 'activity', 'selection'])
      expect((await get(path, lotManager)).status).toBe(403)
  })
})

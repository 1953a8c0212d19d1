import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>
let agent: Awaited<ReturnType<TestApp['createUser']>>
let fieldManager: Awaited<ReturnType<TestApp['createUser']>>
let clientId: string

const MOBILE = '36602'
const BIRMINGHAM = '35203'

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  agent = await t.createUser('recovery_agent')
  fieldManager = await t.createUser('field_manager')
  await t.db.updateTable('profiles').set({ rdn_id_number: 'RDN-AG-7' }).where('id', '=', agent.profileId).execute()
  await t.db.updateTable('profiles').set({ market: 'Mobile' }).where('id', '=', fieldManager.profileId).execute()
  const client = await t.db
    .insertInto('clients')
    .values({ company_id: t.companyId, name: 'Map Credit', client_code: 'MAP' })
    .returning('id')
    .executeTakeFirstOrThrow()
  clientId = client.id
  const order = (n: number, values: Record<string, unknown>) => ({
    company_id: t.companyId,
    order_number: `MAP-${n}`,
    case_number: `MAP-${n}`,
    status: 'Open',
    ...values,
  })
  await t.db
    .insertInto('orders')
    .values([
      ...Array.from({ length: 30 }, (_, n) => order(n, { borrower_zip: MOBILE, detected_market: 'Mobile' })),
      order(100, {
        borrower_zip: BIRMINGHAM,
        detected_market: 'Birmingham',
        assigned_agent_id: agent.profileId,
        client_id: clientId,
        last_spotted_at: new Date(),
        borrower_name: 'Sam Spotted',
      }),
      order(101, { borrower_zip: '', detected_market: 'Mobile' }),
      // A junk last known ZIP never hides a good home ZIP.
      order(103, {
        last_known_zip: 'N/A',
        borrower_zip: ` ${MOBILE}`,
        borrower_address: '1 Home St',
        detected_market: 'Mobile',
      }),
      order(102, { borrower_zip: MOBILE, detected_market: 'Mobile', status: 'Repossessed' }),
    ])
    .execute()
  await t.db
    .insertInto('rdn_cases')
    .values([
      {
        company_id: t.companyId,
        case_id: 8_800_001,
        case_number: 'RDN-MAP-1',
        status: 'Open',
        debtor_zip: MOBILE,
        detected_market: 'Mobile',
        assigned_agent_id: 'RDN-AG-7',
        lender_name: 'MAP CREDIT',
        is_violent: true,
      },
    ])
    .execute()
})
afterAll(() => t?.close())

const map = (query: string, cookie = admin.cookie) => t.request('GET', `/api/map/cases${query}`, { cookie })
const ALABAMA = 'west=-89&south=30&east=-84&north=35.5'

describe('Case Location Map data', () => {
  it('gathers the cases into clusters by ZIP centre at a wide zoom, saying how they are placed', async () => {
    const wide = await map(`?zoom=4&${ALABAMA}`)
    expect(wide.status, JSON.stringify(wide.json)).toBe(200)
    // 33 in view is under the pin limit: pins, each at its ZIP's centre.
    expect(wide.json).toMatchObject({ precision: 'zip', inView: 34, unplaced: 1 })
    const all = await map('?zoom=3')
    expect(all.json.inView).toBe(34)
    expect(all.json.pins.find((pin: { label: string }) => pin.label === 'MAP-103')).toMatchObject({
      zip: MOBILE,
      address: '1 Home St',
    })
    // Close views say how many cannot be placed too; a view across the antimeridian is a view.
    expect((await map(`?zoom=9&${ALABAMA}`)).json.unplaced).toBe(1)
    expect((await map('?zoom=3&west=170&east=-60&south=10&north=60')).json.inView).toBe(34)
    expect((await map('?zoom=&west=')).status).toBe(200)
    const pins = all.json.pins as { source: string; label: string; violent: boolean; lat: number }[]
    expect(pins.find((pin) => pin.label === 'RDN-MAP-1')).toMatchObject({ source: 'case', violent: true })
    expect(pins.find((pin) => pin.label === 'MAP-100')).toMatchObject({ source: 'order', lat: expect.closeTo(33.5, 0) })
  })

  it('filters by status, client, spotted, window and market', async () => {
    expect((await map('?status=Repossessed')).json.inView).toBe(1)
    expect((await map('?status=Open,Repossessed')).json.inView).toBe(34)
    // The client's orders by client, its RDN cases by lender name.
    expect((await map(`?client=${clientId}`)).json.pins.map((pin: { label: string }) => pin.label).sort()).toEqual([
      'MAP-100',
      'RDN-MAP-1',
    ])
    expect((await map('?spotted=yes')).json.pins.map((pin: { label: string }) => pin.label)).toEqual(['MAP-100'])
    expect((await map('?window=24h')).json.inView).toBe(34)
    expect((await map('?window=custom&from=2020-01-01&to=2020-01-02')).json.inView).toBe(0)
    expect((await map('?market=Birmingham')).json.inView).toBe(1)
  })

  it('shows a recovery agent only their cases, and a field manager only their markets', async () => {
    const mine = await map('', agent.cookie)
    expect(mine.json.pins.map((pin: { label: string }) => pin.label).sort()).toEqual(['MAP-100', 'RDN-MAP-1'])
    expect((await map(`?agent=${admin.profileId}`, agent.cookie)).json.inView).toBe(0)
    const nowhere = await t.createUser('field_manager')
    expect((await map('', nowhere.cookie)).json).toMatchObject({ inView: 0, unplaced: 0 })
    const markets = await map('', fieldManager.cookie)
    expect(markets.json.inView).toBe(33)
    expect(markets.json.pins.map((pin: { label: string }) => pin.label)).not.toContain('MAP-100')
  })

  it('refuses unknown filters, an agent or client of another company, and roles without the map', async () => {
    const unknown = await map('?colour=red')
    expect(unknown.status).toBe(400)
    expect(unknown.json.error.message).toMatch(/Unknown filter: colour/)
    expect((await map('?status=Flying')).json.error.message).toMatch(/Unknown status 'Flying'/)
    expect((await map('?south=40&north=30')).status).toBe(400)
    expect((await map('?window=custom')).status).toBe(400)
    expect((await map('?window=custom&from=2024-13-01&to=2024-12-31')).json.error).toMatchObject({ field: 'from' })
    expect((await map('?window=custom&from=2024-12-31&to=2024-01-01')).json.error.message).toMatch(
      /The first day must not be after the last\./,
    )
    const other = await t.createCompany('Other Map Co')
    const stranger = await t.createUser('recovery_agent', other)
    expect((await map(`?agent=${stranger.profileId}`)).json.error).toMatchObject({ field: 'agent' })
    expect((await map(`?client=${crypto.randomUUID()}`)).json.error).toMatchObject({ field: 'client' })
    const driver = await t.createUser('camera_driver')
    expect((await map('', driver.cookie)).status).toBe(403)
  })

  it('clusters once more than 500 cases are in view', async () => {
    await t.db
      .insertInto('orders')
      .values(
        Array.from({ length: 600 }, (_, n) => ({
          company_id: t.companyId,
          order_number: `MANY-${n}`,
          status: 'Open',
          borrower_zip: n % 2 ? MOBILE : BIRMINGHAM,
          detected_market: 'Mobile',
        })),
      )
      .execute()
    const wide = await map('?zoom=4')
    expect(wide.json.pins).toEqual([])
    const total = wide.json.clusters.reduce((sum: number, cluster: { count: number }) => sum + cluster.count, 0)
    expect(total).toBe(wide.json.inView)
    expect(wide.json.clusters[0]).toMatchObject({ bySource: { order: expect.any(Number), case: expect.any(Number) } })
  })
})

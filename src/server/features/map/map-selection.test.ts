import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

// A drawn area of the Case Location Map selects its cases for a bulk assignment (issue 19).

type User = Awaited<ReturnType<TestApp['createUser']>>
let t: TestApp
let admin: User
let agent: User
let fieldManager: User
let rdnCaseId: string

const MOBILE_BOX = 'west=-88.3&south=30.5&east=-87.9&north=30.9'
const ALABAMA_BOX = 'west=-89&south=30&east=-84&north=35.5'

beforeAll(async () => {
  t = await createTestApp()
  ;[admin, agent, fieldManager] = await Promise.all([
    t.createUser('admin'),
    t.createUser('recovery_agent'),
    t.createUser('field_manager'),
  ])
  await t.db.updateTable('profiles').set({ rdn_id_number: 'RDN-AG-5' }).where('id', '=', agent.profileId).execute()
  await t.db.updateTable('profiles').set({ market: 'Birmingham' }).where('id', '=', fieldManager.profileId).execute()
  const other = await t.createCompany('Other Selection Co')
  await t.db
    .insertInto('orders')
    .values([
      order(t.companyId, 'SEL-1', { borrower_zip: '36602', detected_market: 'Mobile' }),
      order(t.companyId, 'SEL-2', { borrower_zip: '36604', detected_market: 'Mobile', status: 'Need Info' }),
      order(t.companyId, 'SEL-3', {
        borrower_zip: '35203',
        detected_market: 'Birmingham',
        assigned_agent_id: agent.profileId,
      }),
      order(t.companyId, 'SEL-4', { detected_market: 'Mobile' }),
      order(other, 'SEL-STRANGER', { borrower_zip: '36602', detected_market: 'Mobile' }),
    ])
    .execute()
  rdnCaseId = (
    await t.db
      .insertInto('rdn_cases')
      .values({
        company_id: t.companyId,
        case_id: 6_600_001,
        case_number: 'RDN-SEL-1',
        status: 'Open',
        debtor_zip: '36606',
        detected_market: 'Mobile',
        assigned_agent_id: 'RDN-AG-5',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
})
afterAll(() => t?.close())

const order = (companyId: string, number: string, values: Record<string, unknown>) => ({
  company_id: companyId,
  order_number: number,
  status: 'Open',
  ...values,
})

const select = (query: string, user: User = admin) =>
  t.request('GET', `/api/map/selection?${query}`, { cookie: user.cookie })
const labels = (items: { label: string }[]) => items.map((item) => item.label).sort()

describe('Case Location Map selection', () => {
  it('selects every case of the area, named as a bulk assignment takes them', async () => {
    const mobile = await select(MOBILE_BOX)
    expect(mobile.status, JSON.stringify(mobile.json)).toBe(200)
    expect(mobile.json.total).toBe(3)
    expect(labels(mobile.json.items)).toEqual(['RDN-SEL-1', 'SEL-1', 'SEL-2'])
    expect(mobile.json.items).toContainEqual({ source: 'case', id: rdnCaseId, label: 'RDN-SEL-1' })
    expect(mobile.json.items.find((item: { label: string }) => item.label === 'SEL-1')).toEqual({
      source: 'order',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      label: 'SEL-1',
    })
    // The whole world: too many ZIPs to list, counted then listed all the same; no place, no selection.
    expect(labels((await select('zoom=2')).json.items)).toEqual(['RDN-SEL-1', 'SEL-1', 'SEL-2', 'SEL-3'])
    expect((await select('west=-100&south=40&east=-99&north=41')).json).toEqual({ total: 0, inArea: 0, items: [] })
  })

  it('says how many cases the area holds beside the open ones it selects (issue 41)', async () => {
    await t.db
      .insertInto('orders')
      .values([
        order(t.companyId, 'SEL-DONE', { borrower_zip: '36602', detected_market: 'Mobile', status: 'Repossessed' }),
        order(t.companyId, 'SEL-SHUT', { borrower_zip: '36604', detected_market: 'Mobile', status: 'Closed' }),
      ])
      .execute()
    const mobile = await select(MOBILE_BOX)
    // What the map's clusters count there (five), and the three open that can be assigned.
    expect(mobile.json).toMatchObject({ inArea: 5, total: 3 })
    expect(labels(mobile.json.items)).toEqual(['RDN-SEL-1', 'SEL-1', 'SEL-2'])
    expect((await select(`${MOBILE_BOX}&status=Closed`)).json).toEqual({ total: 0, inArea: 1, items: [] })
    await t.db.deleteFrom('orders').where('order_number', 'in', ['SEL-DONE', 'SEL-SHUT']).execute()
  })

  it('takes the filters of the map', async () => {
    expect(labels((await select(`${MOBILE_BOX}&status=Need Info`)).json.items)).toEqual(['SEL-2'])
    expect(labels((await select(`${ALABAMA_BOX}&market=Birmingham`)).json.items)).toEqual(['SEL-3'])
    expect(labels((await select(`${ALABAMA_BOX}&agent=${agent.profileId}`)).json.items)).toEqual(['RDN-SEL-1', 'SEL-3'])
  })

  it('keeps to the viewer’s cases: an agent’s own, a field manager’s markets, never another company’s', async () => {
    expect(labels((await select(ALABAMA_BOX, agent)).json.items)).toEqual(['RDN-SEL-1', 'SEL-3'])
    expect(labels((await select(ALABAMA_BOX, fieldManager)).json.items)).toEqual(['SEL-3'])
    expect(JSON.stringify((await select('zoom=2')).json)).not.toMatch(/STRANGER/)
  })

  it('refuses more than 1,000 cases at once, unknown filters, and roles without the map', async () => {
    // The 1,000 below are the area's only Need Info cases.
    await t.db.updateTable('orders').set({ status: 'Open' }).where('order_number', '=', 'SEL-2').execute()
    await t.db
      .insertInto('orders')
      .values(
        Array.from({ length: 1_000 }, (_, n) => ({
          company_id: t.companyId,
          order_number: `BULK-${n}`,
          status: 'Need Info',
          borrower_zip: n % 2 ? '36602' : '36604',
          detected_market: 'Mobile',
        })),
      )
      .execute()
    for (const query of [MOBILE_BOX, 'zoom=3']) {
      const tooMany = await select(query)
      expect(tooMany.status).toBe(400)
      expect(tooMany.json.error.message).toBe(
        'An area may select at most 1,000 cases at once; draw a smaller area or narrow the filters.',
      )
    }
    const narrowed = await select(`${MOBILE_BOX}&status=Need Info`)
    expect(narrowed.json.total).toBe(1_000)
    expect(narrowed.json.items).toHaveLength(1_000)
    // Held, they are open work but not selected to assign (issue 44).
    await t.db.updateTable('orders').set({ status: 'On Hold' }).where('order_number', 'like', 'BULK-%').execute()
    const held = await select(`${MOBILE_BOX}&status=On Hold`)
    expect([held.status, held.json.total]).toEqual([200, 0])
    const unknown = await select(`${MOBILE_BOX}&shape=circle`)
    expect(unknown.status).toBe(400)
    expect(unknown.json.error.message).toMatch(/Unknown filter: shape\./)
    expect((await select('south=40&north=30')).status).toBe(400)
    const lotManager = await t.createUser('lot_manager')
    expect((await select(MOBILE_BOX, lotManager)).status).toBe(403)
  })

  it('says the map works offline when no street tiles are configured', async () => {
    const config = await t.request('GET', '/api/map/config', { cookie: agent.cookie })
    expect(config.json).toEqual({ tilesUrl: null, streetGeocoder: false })
    expect(config.headers.get('content-security-policy')).toMatch(/img-src 'self' data: blob:;/)
  })
})

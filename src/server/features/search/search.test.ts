import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { RECENT_ORDERS_READ, recentOrdersMatching } from './repository'

let t: TestApp
let viewer: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  viewer = await t.createUser('field_manager')
  const orders = Array.from({ length: 8 }, (_, index) => ({
    company_id: t.companyId,
    order_number: `ORD-77${index}`,
    case_number: `CASE-77${index}`,
    borrower_name: `Borrower ${index}`,
    make: 'Toyota',
    model: 'Camry',
    vin: `1HGCM82633A00${String(index).padStart(4, '0')}`,
  }))
  await t.db.insertInto('orders').values(orders).execute()
  for (let index = 0; index < 7; index++) await t.createUser('camera_driver')
  const other = await t.createCompany('Other Co')
  await t.db
    .insertInto('orders')
    .values({ company_id: other, order_number: 'ORD-OTHER', vin: '1HGCM82633A00XXXX', make: 'Toyota' })
    .execute()
})
afterAll(() => t?.close())

describe('header search', () => {
  it('finds an order by a VIN fragment, case-insensitively', async () => {
    const response = await t.request('GET', '/api/search?q=a000003', { cookie: viewer.cookie })
    expect(response.status).toBe(200)
    expect(response.json.orders.map((order: { order_number: string }) => order.order_number)).toEqual(['ORD-773'])
  })

  const orderNumbersFound = async (q: string) =>
    (await t.request('GET', `/api/search?q=${encodeURIComponent(q)}`, { cookie: viewer.cookie })).json.orders.map(
      (order: { order_number: string }) => order.order_number,
    )

  it.each([
    ['ORD-771', 'order number', 'ORD-771'],
    ['borrower 5', 'borrower name', 'ORD-775'],
    ['case-776', 'case number', 'ORD-776'],
  ])('finds the one order by %s (%s)', async (q, _field, orderNumber) => {
    expect(await orderNumbersFound(q)).toEqual([orderNumber])
  })

  it('finds orders by model, case-insensitively: five of the eight Camrys, none twice', async () => {
    const found = await orderNumbersFound('CAMRY')
    expect(found).toHaveLength(5)
    expect(new Set(found).size).toBe(5)
    for (const number of found) expect(number).toMatch(/^ORD-77[0-7]$/)
  })

  it('finds a profile by e-mail, first name or last name', async () => {
    const byEmail = await t.request('GET', `/api/search?q=${encodeURIComponent(viewer.email)}`, {
      cookie: viewer.cookie,
    })
    expect(byEmail.json.profiles.map((profile: { email: string }) => profile.email)).toEqual([viewer.email])
  })

  it('returns at most 5 orders, 5 profiles and 10 in all, only from the viewer company', async () => {
    const orders = await t.request('GET', '/api/search?q=toyota', { cookie: viewer.cookie })
    expect(orders.json.orders).toHaveLength(5)
    expect(orders.json.orders.some((order: { order_number: string }) => order.order_number === 'ORD-OTHER')).toBe(false)
    const people = await t.request('GET', '/api/search?q=camera-driver', { cookie: viewer.cookie })
    expect(people.json.profiles).toHaveLength(5)
    const both = await t.request('GET', '/api/search?q=e', { cookie: viewer.cookie })
    expect(both.json.orders.length + both.json.profiles.length).toBeLessThanOrEqual(10)
  })

  it('takes % and _ literally', async () => {
    const response = await t.request('GET', '/api/search?q=%25', { cookie: viewer.cookie })
    expect(response.json.orders).toEqual([])
  })

  it('answers an empty query with 400 and no session with 401', async () => {
    expect((await t.request('GET', '/api/search?q=%20', { cookie: viewer.cookie })).status).toBe(400)
    expect((await t.request('GET', '/api/search?q=toyota')).status).toBe(401)
  })
})

type PlanNode = {
  'Node Type': string
  'Index Name'?: string
  'Relation Name'?: string
  Plans?: PlanNode[]
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

describe('header search at 100,000 orders (issue 42)', () => {
  it('reads a common word from the last updated orders only, by their update-time index', async () => {
    const query = recentOrdersMatching(t.db, t.companyId, '%smith%', 5).compile()
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      )
      const json = rows[0]['QUERY PLAN']
      return ((typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }])[0].Plan
    })
    // One read: the company's orders by update time, newest first, stopped after RECENT_ORDERS_READ.
    const reads = nodesOf(plan).filter((node) => node['Relation Name'])
    expect(reads.map((node) => [node['Node Type'], node['Relation Name'], node['Index Name']])).toEqual([
      ['Index Scan', 'orders', 'orders_company_updated_at_idx'],
    ])
    expect(nodesOf(plan).filter((node) => node['Node Type'] === 'Sort')).toEqual([])
    expect(query.parameters).toContain(RECENT_ORDERS_READ)
  })

  it('answers the most recently updated matches, whether among the last updated orders or not', async () => {
    const company = await t.createCompany('Busy Agency')
    const searcher = await t.createUser('manager', company)
    // The last updated orders first (minutes ago): a filler, every 100th a Jones, three Smithers;
    // then older ones (days ago): four more Smithers and a Jones.
    await sql`insert into orders (company_id, order_number, borrower_name, updated_at)
      select ${company}::uuid, 'BUSY-' || g,
        case when g in (7, 250, 480) then 'Ann Smithers' when g % 100 = 0 then 'Bo Jones' else 'Filler Person' end,
        now() - make_interval(mins => g)
      from generate_series(1, ${RECENT_ORDERS_READ + 100}::int) g
      union all
      select ${company}::uuid, 'OLD-' || g, case when g = 5 then 'Bo Jones' else 'Cy Smithers' end,
        now() - make_interval(days => g)
      from generate_series(1, 5) g`.execute(t.db)
    const found = async (q: string) =>
      (await t.request('GET', `/api/search?q=${q}`, { cookie: searcher.cookie })).json.orders.map(
        (order: { order_number: string }) => order.order_number,
      )
    expect(await found('jones')).toEqual(['BUSY-100', 'BUSY-200', 'BUSY-300', 'BUSY-400', 'BUSY-500'])
    expect(await found('smithers')).toEqual(['BUSY-7', 'BUSY-250', 'BUSY-480', 'OLD-1', 'OLD-2'])
    expect(await found('old-5')).toEqual(['OLD-5'])
  })
})

import { type Insertable, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_SORT_COLUMNS } from '../../../domain/orders/order-list-query'
import type { OrdersTable } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { indexQueuedOrders } from '../search/order-search-indexer'

let t: TestApp
let cookie: string
const ids: Record<string, string> = {}
const people: Record<string, string> = {}
const clients: Record<string, string> = {}

async function person(key: string, firstName: string, role: string) {
  const user = await t.createUser(role)
  await t.db
    .updateTable('profiles')
    .set({ first_name: firstName, last_name: 'Tester' })
    .where('id', '=', user.profileId)
    .execute()
  people[key] = user.profileId
}

async function insertOrder(key: string, values: Partial<Insertable<OrdersTable>>, companyId = t.companyId) {
  const row = await t.db
    .insertInto('orders')
    .values({ company_id: companyId, order_number: `ORD-${key}`, ...values })
    .returning('id')
    .executeTakeFirstOrThrow()
  ids[key] = row.id
  return row.id
}

async function list(query = '', as = cookie) {
  const response = await t.request('GET', `/api/orders-list${query ? `?${query}` : ''}`, { cookie: as })
  expect(response.status, JSON.stringify(response.json)).toBe(200)
  return response.json as {
    orders: Array<Record<string, string | null>>
    total: number
    totalIsCapped: boolean
    page: number
    pageSize: number
  }
}

/** The keys of the listed orders, in order. */
async function keys(query = '') {
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]))
  return (await list(query)).orders.map((order) => byId.get(order.id as string) ?? order.id)
}

beforeAll(async () => {
  t = await createTestApp()
  cookie = (await t.createUser('manager')).cookie
  await person('amos', 'Amos', 'recovery_agent')
  await person('zora', 'Zora', 'recovery_agent')
  await person('dina', 'Dina', 'camera_driver')
  for (const [key, name] of [
    ['ally', 'Ally Financial'],
    ['beta', 'Beta Credit'],
  ]) {
    const client = await t.db
      .insertInto('clients')
      .values({ company_id: t.companyId, name, client_code: name.slice(0, 3).toUpperCase() })
      .returning('id')
      .executeTakeFirstOrThrow()
    clients[key] = client.id
  }
  await insertOrder('o1', {
    case_number: 'CASE-001',
    status: 'Open',
    priority: 'medium',
    client_id: clients.ally,
    detected_market: 'Mobile',
    assigned_agent_id: people.amos,
    assigned_camera_driver_id: people.dina,
    order_date: '2025-01-10',
    due_date: '2025-02-01',
    borrower_name: 'Alice Zephyr',
    make: 'Honda',
    model: 'Accord',
    year: 2019,
    vin: 'VINAAA111',
    license_plate: 'ABC123',
  })
  await insertOrder('o2', {
    case_number: 'CASE-002',
    status: 'Repossessed',
    priority: 'high',
    client_id: clients.beta,
    detected_market: 'Birmingham',
    assigned_camera_driver_id: people.dina,
    order_date: '2025-03-05',
    due_date: '2025-04-01',
    borrower_name: 'Bob Young',
    make: 'Toyota',
    model: 'Camry',
    vin: 'VINBBB222',
    license_plate: 'XYZ789',
  })
  await insertOrder('o3', {
    status: 'Auction',
    priority: 'critical',
    assigned_agent_id: people.zora,
    order_date: '2025-02-20',
    borrower_name: 'Carla Xu',
    make: 'Ford',
    model: 'F-150',
    vin: 'VINCCC333',
  })
  await insertOrder('o4', {
    case_number: 'CASE-004',
    status: 'Open',
    priority: 'low',
    client_id: clients.ally,
    detected_market: 'Mobile',
    assigned_agent_id: people.amos,
    order_date: '2024-12-31',
    due_date: '2025-01-15',
    borrower_name: 'Dan Wells',
    make: 'Kia',
    model: 'Optima',
    vin: 'VINDDD444',
    license_plate: 'PLT-444',
  })
  await insertOrder('o5', {
    case_number: 'CASE-005',
    status: 'Hold For Billing',
    priority: 'medium',
    client_id: clients.beta,
    detected_market: 'Montgomery',
    order_date: '2025-05-01',
    due_date: '2025-06-01',
    borrower_name: 'Eve Stone',
    make: 'Jeep',
    model: 'Wrangler',
    vin: 'VINEEE555',
    license_plate: 'JEP-555',
  })
  const other = await t.createCompany('Other Orders Co')
  await insertOrder(
    'foreign',
    { case_number: 'CASE-001-X', status: 'Open', license_plate: 'ABC123', make: 'Honda' },
    other,
  )
  // Indexed, so search reads the index (migration 021 puts case number and plate in it).
  while ((await indexQueuedOrders(t.db)) > 0) {}
})
afterAll(() => t?.close())

describe('GET /api/orders-list', () => {
  it("lists the company's own orders, newest order date first, with client and people names", async () => {
    const page = await list()
    expect(page.orders.map((order) => order.id)).toEqual(['o5', 'o2', 'o3', 'o1', 'o4'].map((key) => ids[key]))
    expect(page).toMatchObject({ total: 5, totalIsCapped: false, page: 1, pageSize: 50 })
    expect(page.orders[3]).toMatchObject({
      case_number: 'CASE-001',
      order_number: 'ORD-o1',
      client_name: 'Ally Financial',
      client_code: 'ALL',
      agent_name: 'Amos Tester',
      camera_driver_name: 'Dina Tester',
      license_plate: 'ABC123',
      detected_market: 'Mobile',
      order_date: '2025-01-10',
      due_date: '2025-02-01',
    })
  })

  it.each([
    ['status=Open', ['o1', 'o4']],
    ['status=Open&status=Auction', ['o3', 'o1', 'o4']],
    ['status=Hold%20For%20Billing', ['o5']],
    ['status=Completed-Located', []],
    ['priority=high', ['o2']],
    ['priority=critical&priority=low', ['o3', 'o4']],
    ['client=ALLY', ['o1', 'o4']],
    ['client=ALLY&client=BETA', ['o5', 'o2', 'o1', 'o4']],
    ['market=Unknown', ['o3']],
    ['market=Mobile&market=Montgomery', ['o5', 'o1', 'o4']],
    ['agent=AMOS', ['o1', 'o4']],
    ['agent=unassigned', ['o5', 'o2']],
    ['camera_driver=DINA', ['o2', 'o1']],
    ['camera_driver=unassigned', ['o5', 'o3', 'o4']],
    ['from=2025-02-01&to=2025-03-05', ['o2', 'o3']],
    ['due_from=2025-02-01', ['o5', 'o2', 'o1']],
    ['due_to=2025-02-01', ['o1', 'o4']],
    ['status=Open&market=Mobile&client=ALLY&priority=low', ['o4']],
  ])('filters by %s, with the exact total', async (raw, expected) => {
    const query = raw
      .replace('ALLY', clients.ally)
      .replace('BETA', clients.beta)
      .replace('AMOS', people.amos)
      .replace('DINA', people.dina)
    expect(await keys(query)).toEqual(expected)
    expect((await list(query)).total).toBe(expected.length)
  })

  it.each([
    ['xyz7', ['o2']],
    ['case-004', ['o4']],
    ['ord-o3', ['o3']],
    ['zephyr', ['o1']],
    ['toyota', ['o2']],
    ['optima', ['o4']],
    ['bbb2', ['o2']],
    ['abc123', ['o1']],
  ])('searches case and order number, borrower, make, model, VIN and plate: %s', async (q, expected) => {
    expect(await keys(`q=${q}`)).toEqual(expected)
  })

  it('finds an order the search indexer has not reached yet, by plate and case number', async () => {
    const id = await insertOrder('fresh', {
      case_number: 'FRESH-77',
      license_plate: 'NEW-PLT-9',
      order_date: '2025-06-01',
    })
    const queued = await t.db.selectFrom('order_search_pending').select('order_id').where('order_id', '=', id).execute()
    expect(queued).toHaveLength(1)
    expect(await keys('q=new-plt')).toEqual(['fresh'])
    expect(await keys('q=fresh-77')).toEqual(['fresh'])
    await t.db.deleteFrom('orders').where('id', '=', id).execute()
    delete ids.fresh
  })

  it.each([
    ['borrower_name', 'asc', ['o1', 'o2', 'o3', 'o4', 'o5']],
    ['borrower_name', 'desc', ['o5', 'o4', 'o3', 'o2', 'o1']],
    ['order_date', 'asc', ['o4', 'o1', 'o3', 'o2', 'o5']],
    ['case_number', 'asc', ['o3', 'o1', 'o2', 'o4', 'o5']],
    ['license_plate', 'desc', ['o2', 'o4', 'o5', 'o1', 'o3']],
    ['due_date', 'desc', ['o5', 'o2', 'o1', 'o4', 'o3']],
    ['make', 'asc', ['o3', 'o1', 'o5', 'o4', 'o2']],
    ['status', 'asc', ['o3', 'o5', 'o1', 'o4', 'o2']],
    ['status', 'desc', ['o2', 'o1', 'o4', 'o5', 'o3']],
    ['priority', 'asc', ['o4', 'o5', 'o1', 'o2', 'o3']],
    ['priority', 'desc', ['o3', 'o2', 'o5', 'o1', 'o4']],
    ['client', 'asc', ['o3', 'o1', 'o4', 'o5', 'o2']],
    ['market', 'asc', ['o3', 'o2', 'o1', 'o4', 'o5']],
    ['market', 'desc', ['o5', 'o1', 'o4', 'o2', 'o3']],
    ['agent', 'asc', ['o5', 'o2', 'o1', 'o4', 'o3']],
    ['camera_driver', 'desc', ['o2', 'o1', 'o5', 'o3', 'o4']],
  ])('sorts by %s %s', async (sort, dir, expected) => {
    expect(await keys(`sort=${sort}&dir=${dir}`)).toEqual(expected)
  })

  it('sorts by every column either way without losing or repeating an order', async () => {
    for (const sort of ORDER_SORT_COLUMNS) {
      for (const dir of ['asc', 'desc']) {
        expect((await keys(`sort=${sort}&dir=${dir}`)).sort(), `${sort} ${dir}`).toEqual(['o1', 'o2', 'o3', 'o4', 'o5'])
      }
    }
  })

  it('keeps the totals exact as orders are changed and deleted (per-company counts)', async () => {
    await t.db.updateTable('orders').set({ status: 'Closed' }).where('id', '=', ids.o4).execute()
    expect((await list('status=Open')).total).toBe(1)
    expect((await list('status=Closed')).total).toBe(1)
    expect((await list()).total).toBe(5)
    await t.db.updateTable('orders').set({ status: 'Open' }).where('id', '=', ids.o4).execute()
    const temporary = await insertOrder('temporary', { status: 'Open' })
    expect((await list('status=Open')).total).toBe(3)
    await t.db.deleteFrom('orders').where('id', '=', temporary).execute()
    delete ids.temporary
    expect((await list('status=Open')).total).toBe(2)
  })

  it('refuses bad filter values with 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=Bogus', 'status'],
      ['status=Open&status=Nope', 'status'],
      ['priority=urgent', 'priority'],
      ['client=not-an-id', 'client'],
      ['agent=someone', 'agent'],
      ['camera_driver=42', 'camera_driver'],
      ['from=2025-13-01', 'from'],
      ['due_to=yesterday', 'due_to'],
      ['sort=color', 'sort'],
      ['dir=up', 'dir'],
      ['page=0', 'page'],
    ]) {
      const response = await t.request('GET', `/api/orders-list?${query}`, { cookie })
      expect(response.status, query).toBe(400)
      expect(response.json.error.field, query).toMatch(new RegExp(`^${field}`))
    }
  })

  it('answers only the roles that may open Order Management, each with its own company', async () => {
    const agent = await t.createUser('recovery_agent')
    expect((await t.request('GET', '/api/orders-list', { cookie: agent.cookie })).status).toBe(403)
    expect((await t.request('GET', '/api/orders-list/filters', { cookie: agent.cookie })).status).toBe(403)
    expect((await t.request('GET', '/api/orders-list')).status).toBe(401)
    const fieldManager = await t.createUser('field_manager')
    expect((await list('', fieldManager.cookie)).total).toBe(5)
    const outsider = await t.createUser('manager', await t.createCompany('Empty Co'))
    const theirs = await list('q=abc123', outsider.cookie)
    expect(theirs.orders).toEqual([])
    expect((await list('', outsider.cookie)).total).toBe(0)
    // The other company's order with the same plate and make is never ours.
    expect(await keys('q=abc123')).toEqual(['o1'])
  })

  it('offers the filter choices of the company: clients, markets, people', async () => {
    const response = await t.request('GET', '/api/orders-list/filters', { cookie })
    expect(response.status).toBe(200)
    expect(response.json.clients.map((client: { name: string }) => client.name)).toEqual([
      'Ally Financial',
      'Beta Credit',
    ])
    expect(response.json.markets).toEqual(['Birmingham', 'Mobile', 'Montgomery'])
    expect(response.json.people.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([people.amos, people.dina]),
    )
  })
})

describe('paging and capped totals', () => {
  let pagingCookie: string
  let pagingCompany: string
  beforeAll(async () => {
    pagingCompany = await t.createCompany('Paging Co')
    pagingCookie = (await t.createUser('manager', pagingCompany)).cookie
    await sql`insert into orders (company_id, order_number, make, order_date, status)
      select ${pagingCompany}::uuid, 'P-' || g, 'Zetamobile', date '2025-01-01' + g, 'Open'
      from generate_series(1, 10050) g`.execute(t.db)
    await sql`update orders set status = case when substr(order_number, 3)::int <= 70 then 'Auction' else 'Closed' end
      where company_id = ${pagingCompany} and substr(order_number, 3)::int <= 200`.execute(t.db)
  })

  const page = async (query: string) => list(query, pagingCookie)

  it('pages 50 at a time with the exact total, and nothing past the end', async () => {
    const first = await page('')
    expect(first.orders).toHaveLength(50)
    expect(first).toMatchObject({ total: 10050, totalIsCapped: false, page: 1 })
    expect(first.orders[0].order_number).toBe('P-10050')
    const second = await page('page=2')
    expect(second.orders[0].order_number).toBe('P-10000')
    const last = await page('page=201')
    expect(last.orders).toHaveLength(50)
    expect(last.orders[0].order_number).toBe('P-50')
    expect(last.orders[49].order_number).toBe('P-1')
    expect((await page('page=202')).orders).toEqual([])
    // Past the middle the page is read from the other end: the same orders as the other direction's.
    const deep = await orderNumbers('page=150&sort=order_number&dir=asc')
    expect(deep).toHaveLength(50)
    expect(deep).toEqual((await orderNumbers('page=52&sort=order_number&dir=desc')).reverse())
  })

  const numbers = (from: number, to: number) =>
    Array.from({ length: Math.abs(to - from) + 1 }, (_, index) => `P-${from > to ? from - index : from + index}`)
  const orderNumbers = async (query: string) => (await page(query)).orders.map((order) => order.order_number)

  it('pages a grouped sort across its groups: status, then newest first inside each', async () => {
    expect(await orderNumbers('sort=status&dir=asc')).toEqual(numbers(70, 21))
    expect(await orderNumbers('sort=status&dir=asc&page=2')).toEqual([...numbers(20, 1), ...numbers(200, 171)])
    expect(await orderNumbers('sort=status&dir=asc&page=5')).toEqual(numbers(10050, 10001))
    expect(await orderNumbers('sort=status&dir=desc&page=197')).toEqual(numbers(250, 201))
    expect(await orderNumbers('sort=status&dir=desc&page=198')).toEqual(numbers(200, 151))
    expect(await orderNumbers('sort=status&dir=desc&page=200')).toEqual([...numbers(100, 71), ...numbers(70, 51)])
    expect(await orderNumbers('sort=status&dir=desc&page=201')).toEqual(numbers(50, 1))
    expect(await orderNumbers('sort=status&dir=desc&page=202')).toEqual([])
  })

  it('caps a search total at 2,000 ("2,000+"), reading a broad search in list order', async () => {
    const searched = await page('q=zetamobile')
    expect(searched).toMatchObject({ total: 2000, totalIsCapped: true })
    // Matched order by order as the list reads them: the same page as without the search.
    expect(searched.orders.map((order) => order.id)).toEqual((await page('')).orders.map((order) => order.id))
    expect(await orderNumbers('q=zetamobile&sort=order_number&dir=asc&page=3')).toEqual(
      await orderNumbers('sort=order_number&dir=asc&page=3'),
    )
    expect(await page('q=zetamobile&status=Auction')).toMatchObject({ total: 70, totalIsCapped: false })
    expect(await page('q=zetamobile&status=Open')).toMatchObject({ total: 2000, totalIsCapped: true })
    const few = await page('q=p-1005')
    expect(few).toMatchObject({ total: 2, totalIsCapped: false })
  })
})

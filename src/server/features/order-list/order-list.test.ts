import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_SORT_COLUMNS } from '../../../domain/orders/order-list-query'
import type { TestApp } from '../../test/harness'
import { orderListFixture } from './order-list-test-helpers'

let t: TestApp
let cookie: string
const { ids, people, clients, insertOrder, list, keys, seed } = orderListFixture()

beforeAll(async () => {
  ;({ t, cookie } = await seed())
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

import type { Insertable } from 'kysely'
import { expect } from 'vitest'
import type { OrdersTable } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { indexQueuedOrders } from '../search/order-search-indexer'

export type OrderListPage = {
  orders: Array<Record<string, string | null>>
  total: number
  totalIsCapped: boolean
  page: number
  pageSize: number
}

/** One page of GET /api/orders-list as the person with that cookie sees it (a 200 expected). */
export async function listOrders(t: TestApp, query: string, cookie: string) {
  const response = await t.request('GET', `/api/orders-list${query ? `?${query}` : ''}`, { cookie })
  expect(response.status, JSON.stringify(response.json)).toBe(200)
  return response.json as OrderListPage
}

/**
 * The five orders (and one of another company) the list's filter, search and sort tests read,
 * with the people and clients they name; `ids`, `people` and `clients` fill in as `seed` runs.
 */
export function orderListFixture() {
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

  const list = (query = '', as = cookie) => listOrders(t, query, as)

  /** The keys of the listed orders, in order. */
  async function keys(query = '') {
    const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]))
    return (await list(query)).orders.map((order) => byId.get(order.id as string) ?? order.id)
  }

  /** A fresh app with the orders in it; returns it and a manager's cookie. */
  async function seed() {
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
    return { t, cookie }
  }

  return { ids, people, clients, insertOrder, list, keys, seed }
}

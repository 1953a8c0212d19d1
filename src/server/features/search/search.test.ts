import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

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

  it.each([
    ['ORD-771', 'order number'],
    ['borrower 5', 'borrower name'],
    ['CAMRY', 'model'],
  ])('finds orders by %s (%s)', async (q) => {
    const response = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}`, { cookie: viewer.cookie })
    expect(response.json.orders.length).toBeGreaterThan(0)
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

// Issue 20: a recovered vehicle's personal property, inventoried once (items or 'no property'),
// by two people where the company requires it, held on its state's clock.

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
let lot: Awaited<ReturnType<TestApp['createUser']>>
const order = async (order_number: string, values: Record<string, unknown>) =>
  (
    await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number, case_number: order_number, ...values })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('post_recovery_manager')
  lot = await t.createUser('lot_manager')
})
afterAll(() => t?.close())

const api = (method: string, path: string, body?: unknown, cookie = manager.cookie) =>
  t.request(method, `/api/property${path}`, { cookie, body })

describe('personal property', () => {
  it("inventories a California recovery's items once, held 60 days", async () => {
    const id = await order('PP-CA', { status: 'Repossessed', recovery_date: '2026-11-01', recovery_state: 'CA' })
    const taken = await api('POST', `/cases/orders/${id}`, {
      items: [
        { category: 'Electronics', description: 'Phone charger', containerLabel: '1 of 2', lotPlace: 'Bin 14' },
        { category: 'Weapon', description: 'Pocket knife', disposition: 'Locked in the office safe' },
      ],
    })
    expect(taken.status, JSON.stringify(taken.json)).toBe(201)
    expect(taken.json.inventory).toMatchObject({
      state: 'CA',
      holdUntil: '2026-12-31',
      noticeDue: '2026-11-11',
      noProperty: false,
    })
    expect(
      taken.json.items.map((item: { description: string; status: string }) => [item.description, item.status]),
    ).toEqual([
      ['Phone charger', 'held'],
      ['Pocket knife', 'held'],
    ])
    const again = await api('POST', `/cases/orders/${id}`, { noProperty: true })
    expect(again.status).toBe(409)
    const timeline = await t.db
      .selectFrom('case_timeline')
      .select('new_value')
      .where('order_id', '=', id)
      .where('field', '=', 'property_inventory')
      .execute()
    expect(timeline.map((row) => row.new_value)).toEqual([
      'Personal property inventoried: 2 items, held until Dec 31, 2026',
    ])
  })

  it('takes a no-property attestation; refuses a vehicle not recovered and a weapon with no disposition', async () => {
    const id = await order('PP-OH', { status: 'Repossessed', recovery_date: '2026-11-01', recovery_state: 'OH' })
    const none = await api('POST', `/cases/orders/${id}`, { noProperty: true }, lot.cookie)
    expect(none.status, JSON.stringify(none.json)).toBe(201)
    expect(none.json.inventory).toMatchObject({ noProperty: true, holdUntil: '2026-12-01' })
    const open = await order('PP-OPEN', { status: 'Open' })
    expect((await api('POST', `/cases/orders/${open}`, { noProperty: true })).status).toBe(409)
    const weapon = await api('POST', `/cases/orders/${open}`, { items: [{ category: 'Weapon', description: 'Knife' }] })
    expect(weapon.status).toBe(400)
    const driver = await t.createUser('camera_driver')
    expect((await api('GET', `/cases/orders/${id}`, undefined, driver.cookie)).status).toBe(403)
  })

  it('needs a second person where the company requires two', async () => {
    await t.db
      .updateTable('companies')
      .set({ require_two_person_inventory: true })
      .where('id', '=', t.companyId)
      .execute()
    const id = await order('PP-AL', { status: 'Repossessed', recovery_date: '2026-11-01', recovery_state: 'AL' })
    const alone = await api('POST', `/cases/orders/${id}`, { noProperty: true })
    expect(alone.status).toBe(400)
    expect(alone.json.error.message).toBe('Your company inventories property with two people: name the second.')
    expect(
      (await api('POST', `/cases/orders/${id}`, { noProperty: true, secondPersonId: manager.profileId })).status,
    ).toBe(400)
    const two = await api('POST', `/cases/orders/${id}`, { noProperty: true, secondPersonId: lot.profileId })
    expect(two.status, JSON.stringify(two.json)).toBe(201)
    expect(two.json.inventory).toMatchObject({
      inventoriedBy: 'Test post_recovery_manager',
      secondPerson: 'Test lot_manager',
    })
  })

  it("keeps another company's cases and inventories out: 404, and not listed (issue 43)", async () => {
    const elsewhere = await t.createCompany('Elsewhere Property')
    const theirManager = await t.createUser('post_recovery_manager', elsewhere)
    const { id: theirOrder } = await t.db
      .insertInto('orders')
      .values({
        company_id: elsewhere,
        order_number: 'PP-THEIRS',
        case_number: 'PP-THEIRS',
        status: 'Repossessed',
        recovery_date: '2026-11-01',
        recovery_state: 'OH',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const theirs = await api(
      'POST',
      `/cases/orders/${theirOrder}`,
      { items: [{ category: 'Electronics', description: 'Tablet' }] },
      theirManager.cookie,
    )
    expect(theirs.status, JSON.stringify(theirs.json)).toBe(201)
    const inventoryId = theirs.json.inventory.id

    expect((await api('GET', `/cases/orders/${theirOrder}`)).status).toBe(404)
    expect((await api('POST', `/cases/orders/${theirOrder}`, { noProperty: true })).status).toBe(404)
    const booking = { startsAt: '2026-12-01T15:30:00Z', personName: 'Dana Debtor', phone: '555-0100' }
    expect((await api('POST', `/inventories/${inventoryId}/appointments`, booking)).status).toBe(404)
    expect((await api('GET', `/inventories/${inventoryId}/notice-letter.pdf`)).status).toBe(404)
    const listed = await api('GET', '')
    expect(listed.status).toBe(200)
    const listedIds = listed.json.inventories.map((inventory: { id: string }) => inventory.id)
    expect(listedIds.length).toBeGreaterThan(0)
    expect(listedIds).not.toContain(inventoryId)
    const theirList = await t.request('GET', '/api/property', { cookie: theirManager.cookie })
    expect(theirList.json.inventories.map((inventory: { id: string }) => inventory.id)).toEqual([inventoryId])
    // Theirs is untouched: still one inventory, no appointment.
    const theirView = await api('GET', `/cases/orders/${theirOrder}`, undefined, theirManager.cookie)
    expect(theirView.status).toBe(200)
    expect(JSON.stringify(theirView.json)).not.toContain('Dana Debtor')
  })
})

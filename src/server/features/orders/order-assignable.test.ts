import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/harness'
import { createOrderPeopleWorld, type OrderPeopleWorld, orderMaker } from './order-changes-test-helpers'

type User = OrderPeopleWorld['admin']

let w: OrderPeopleWorld
let t: TestApp

beforeAll(async () => {
  w = await createOrderPeopleWorld()
  t = w.t
})
afterAll(() => t?.close())

const newOrder = orderMaker(() => t)

describe('the people an order may be given', () => {
  const assignable = (orderId: string, who: User) =>
    t.request('GET', `/api/orders/${orderId}/assignable`, { cookie: who.cookie })
  const ids = (people: Array<{ id: string }>) => people.map((person) => person.id).sort()

  it('are the active agents and camera car drivers of the company and the order’s market', async () => {
    const order = await newOrder()
    const response = await assignable(order.id, w.mobileManager)
    expect(response.status).toBe(200)
    expect(response.json.market).toBe('Mobile')
    expect(ids(response.json.agents)).toEqual([w.mobileAgent.profileId, w.twoMarketAgent.profileId].sort())
    expect(ids(response.json.cameraDrivers)).toEqual([w.mobileDriver.profileId])
    expect(response.json.agents[0]).toMatchObject({ full_name: 'Test recovery_agent' })
    const nowhere = await newOrder(null)
    const anyone = await assignable(nowhere.id, w.admin)
    expect(anyone.json.market).toBeNull()
    expect(ids(anyone.json.agents)).toEqual(
      [w.mobileAgent.profileId, w.birminghamAgent.profileId, w.twoMarketAgent.profileId].sort(),
    )
  })

  it('are shown to the people who may change the order only', async () => {
    const order = await newOrder()
    expect((await assignable(order.id, w.manager)).status).toBe(200)
    expect((await assignable(order.id, w.mobileAgent)).status).toBe(403)
    expect((await assignable(order.id, w.birminghamManager)).status).toBe(404)
    const other = await t.createUser('admin', await t.createCompany('Third Agency'))
    expect((await assignable(order.id, other)).status).toBe(404)
  })

  it('the order detail says whether the viewer may change its work fields', async () => {
    const order = await newOrder()
    const canChange = async (who: User) =>
      (await t.request('GET', `/api/orders/${order.id}`, { cookie: who.cookie })).json.order.can_change_work
    expect(await canChange(w.mobileManager)).toBe(true)
    expect(await canChange(w.manager)).toBe(true)
    expect(await canChange(w.birminghamManager)).toBe(false)
    expect(await canChange(w.mobileAgent)).toBe(false)
  })
})

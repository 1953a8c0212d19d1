import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/harness'
import { createOrderPeopleWorld, orderMaker } from './order-changes-test-helpers'

type User = Awaited<ReturnType<TestApp['createUser']>>

let t: TestApp
let admin: User
let manager: User
let mobileManager: User
let birminghamManager: User
let mobileAgent: User
let birminghamAgent: User
let twoMarketAgent: User
let mobileDriver: User

beforeAll(async () => {
  ;({
    t,
    admin,
    manager,
    mobileManager,
    birminghamManager,
    mobileAgent,
    birminghamAgent,
    twoMarketAgent,
    mobileDriver,
  } = await createOrderPeopleWorld())
})
afterAll(() => t?.close())

const newOrder = orderMaker(() => t)

describe('the people an order may be given', () => {
  const assignable = (orderId: string, who: User) =>
    t.request('GET', `/api/orders/${orderId}/assignable`, { cookie: who.cookie })
  const ids = (people: Array<{ id: string }>) => people.map((person) => person.id).sort()

  it('are the active agents and camera car drivers of the company and the order’s market', async () => {
    const order = await newOrder()
    const response = await assignable(order.id, mobileManager)
    expect(response.status).toBe(200)
    expect(response.json.market).toBe('Mobile')
    expect(ids(response.json.agents)).toEqual([mobileAgent.profileId, twoMarketAgent.profileId].sort())
    expect(ids(response.json.cameraDrivers)).toEqual([mobileDriver.profileId])
    expect(response.json.agents[0]).toMatchObject({ full_name: 'Test recovery_agent' })
    const nowhere = await newOrder(null)
    const anyone = await assignable(nowhere.id, admin)
    expect(anyone.json.market).toBeNull()
    expect(ids(anyone.json.agents)).toEqual(
      [mobileAgent.profileId, birminghamAgent.profileId, twoMarketAgent.profileId].sort(),
    )
  })

  it('are shown to the people who may change the order only', async () => {
    const order = await newOrder()
    expect((await assignable(order.id, manager)).status).toBe(200)
    expect((await assignable(order.id, mobileAgent)).status).toBe(403)
    expect((await assignable(order.id, birminghamManager)).status).toBe(404)
    const other = await t.createUser('admin', await t.createCompany('Third Agency'))
    expect((await assignable(order.id, other)).status).toBe(404)
  })

  it('the order detail says whether the viewer may change its work fields', async () => {
    const order = await newOrder()
    const canChange = async (who: User) =>
      (await t.request('GET', `/api/orders/${order.id}`, { cookie: who.cookie })).json.order.can_change_work
    expect(await canChange(mobileManager)).toBe(true)
    expect(await canChange(manager)).toBe(true)
    expect(await canChange(birminghamManager)).toBe(false)
    expect(await canChange(mobileAgent)).toBe(false)
  })
})

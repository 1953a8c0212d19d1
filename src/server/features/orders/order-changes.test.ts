import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_PRIORITIES, ORDER_STATUSES } from '../../../domain/orders/order-work'
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

const save = (
  order: { id: string; updated_at: Date | string },
  changes: Record<string, unknown>,
  who: User = w.mobileManager,
) =>
  t.request('PATCH', `/api/orders/${order.id}`, {
    cookie: who.cookie,
    body: { expectedUpdatedAt: new Date(order.updated_at).toISOString(), changes },
  })

const stored = (orderId: string) =>
  t.db
    .selectFrom('orders')
    .select(['status', 'priority', 'due_date', 'assigned_agent_id', 'assigned_camera_driver_id', 'updated_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()

const changesOf = (orderId: string) =>
  t.db
    .selectFrom('case_timeline')
    .select(['field', 'old_value', 'new_value', 'actor_profile_id', 'source'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'change')
    .orderBy('id')
    .execute()

const auditsOf = (orderId: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'detail', 'actor_user_id'])
    .where('target', '=', `order:${orderId}`)
    .execute()

/** Nothing of the order changed: same row, no timeline entry, no audit row. */
async function expectUntouched(order: { id: string; updated_at: Date }) {
  expect((await stored(order.id)).updated_at).toEqual(order.updated_at)
  expect(await changesOf(order.id)).toEqual([])
  expect(await auditsOf(order.id)).toEqual([])
}

describe('changing an order’s status, priority, due date and people', () => {
  it('offers exactly the statuses and order priorities the database accepts', async () => {
    const statuses = await t.db.selectFrom('order_statuses').select('name').orderBy('sort_order').execute()
    expect(statuses.map((row) => row.name)).toEqual([...ORDER_STATUSES])
    const priorities = await t.db.selectFrom('order_priorities').select('name').orderBy('sort_order').execute()
    expect(priorities.map((row) => row.name).filter((name) => name !== 'normal')).toEqual([...ORDER_PRIORITIES])
  })

  it('saves each field, on the timeline (old, new, who, person) and the audit log', async () => {
    const order = await newOrder()
    const response = await save(order, {
      status: 'Need Info',
      priority: 'critical',
      due_date: '2026-12-31',
      assigned_agent_id: w.mobileAgent.profileId,
      assigned_camera_driver_id: w.mobileDriver.profileId,
    })
    expect(response.status).toBe(200)
    expect(await stored(order.id)).toMatchObject({
      status: 'Need Info',
      priority: 'critical',
      due_date: '2026-12-31',
      assigned_agent_id: w.mobileAgent.profileId,
      assigned_camera_driver_id: w.mobileDriver.profileId,
    })
    const person = { actor_profile_id: w.mobileManager.profileId, source: 'person' }
    expect(await changesOf(order.id)).toEqual(
      expect.arrayContaining([
        { field: 'status', old_value: 'Open', new_value: 'Need Info', ...person },
        { field: 'priority', old_value: 'medium', new_value: 'critical', ...person },
        { field: 'due_date', old_value: null, new_value: '2026-12-31', ...person },
        { field: 'assigned_agent_id', old_value: null, new_value: w.mobileAgent.profileId, ...person },
        { field: 'assigned_camera_driver_id', old_value: null, new_value: w.mobileDriver.profileId, ...person },
      ]),
    )
    expect(await changesOf(order.id)).toHaveLength(5)
    const [audit] = await auditsOf(order.id)
    expect(audit).toMatchObject({ action: 'order.updated', actor_user_id: w.mobileManager.userId })
    expect((audit.detail as { fields: string[] }).fields.sort()).toEqual(
      ['assigned_agent_id', 'assigned_camera_driver_id', 'due_date', 'priority', 'status'].sort(),
    )
    const detail = (await t.request('GET', `/api/orders/${order.id}`, { cookie: w.mobileManager.cookie })).json.order
    expect(detail).toMatchObject({
      status: 'Need Info',
      priority: 'critical',
      assigned_agent: { id: w.mobileAgent.profileId },
      assigned_camera_driver: { id: w.mobileDriver.profileId },
    })
  })

  it('takes people off with null and clears the due date', async () => {
    const order = await newOrder()
    const first = await save(order, { assigned_agent_id: w.mobileAgent.profileId, due_date: '2027-01-15' })
    expect(first.status).toBe(200)
    const second = await save(
      { id: order.id, updated_at: first.json.updated_at },
      { assigned_agent_id: null, due_date: null },
    )
    expect(second.status).toBe(200)
    expect(await stored(order.id)).toMatchObject({ assigned_agent_id: null, due_date: null })
    expect(await changesOf(order.id)).toContainEqual(
      expect.objectContaining({ field: 'assigned_agent_id', old_value: w.mobileAgent.profileId, new_value: null }),
    )
  })

  it('is allowed to an administrator and a manager on any market, and a field manager on theirs only', async () => {
    for (const who of [w.admin, w.manager, w.mobileManager]) {
      const order = await newOrder()
      expect((await save(order, { status: 'On Hold' }, who)).status).toBe(200)
    }
    const elsewhere = await newOrder()
    const refused = await save(elsewhere, { status: 'On Hold' }, w.birminghamManager)
    expect(refused.status).toBe(404)
    expect(refused.json.error.message).toBe('Order not found')
    await expectUntouched(elsewhere)
    // An order with no market is no field manager's (as on their dashboard).
    const nowhere = await newOrder(null)
    expect((await save(nowhere, { status: 'On Hold' }, w.mobileManager)).status).toBe(404)
  })

  it('is refused with 403 to other roles, whose editable fields still save', async () => {
    const order = await newOrder()
    for (const who of [w.mobileAgent, w.mobileDriver]) {
      const refused = await save(order, { color: 'Red', status: 'Closed' }, who)
      expect(refused.status).toBe(403)
      expect(refused.json.error.field).toBe('changes.status')
      expect((await save(order, { assigned_agent_id: who.profileId }, who)).status).toBe(403)
    }
    await expectUntouched(order)
    expect((await save(order, { color: 'Red' }, w.mobileAgent)).status).toBe(200)
  })

  it('refuses a person of another market, role or company with 400 naming the field, writing nothing', async () => {
    const order = await newOrder()
    const agentField = 'changes.assigned_agent_id'
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { assigned_agent_id: w.birminghamAgent.profileId },
        agentField,
        'That recovery agent does not work the order’s market (Mobile).',
      ],
      [{ assigned_agent_id: w.mobileDriver.profileId }, agentField, 'That person is not a recovery agent.'],
      [{ assigned_agent_id: w.inactiveAgent.profileId }, agentField, 'That recovery agent is no longer active.'],
      [{ assigned_agent_id: w.outsiderAgent.profileId }, agentField, 'No recovery agent with that id in your company.'],
      [
        { assigned_agent_id: '00000000-0000-4000-8000-000000000000' },
        agentField,
        'No recovery agent with that id in your company.',
      ],
      [
        { assigned_camera_driver_id: w.mobileAgent.profileId },
        'changes.assigned_camera_driver_id',
        'That person is not a camera car driver.',
      ],
      // The valid status is not written either: one transaction.
      [
        { status: 'Need Info', assigned_agent_id: w.birminghamAgent.profileId },
        agentField,
        'That recovery agent does not work',
      ],
    ]
    for (const [changes, field, message] of cases) {
      const refused = await save(order, changes)
      expect(refused.status).toBe(400)
      expect(refused.json.error.field).toBe(field)
      expect(refused.json.error.message).toContain(message)
    }
    await expectUntouched(order)
  })

  it('accepts a person of several markets, and anyone of the role on an order with no market', async () => {
    const order = await newOrder()
    expect((await save(order, { assigned_agent_id: w.twoMarketAgent.profileId })).status).toBe(200)
    const nowhere = await newOrder('Unknown')
    expect((await save(nowhere, { assigned_agent_id: w.birminghamAgent.profileId }, w.manager)).status).toBe(200)
  })

  it('refuses an unknown status or priority and a bad date with 400 naming the field', async () => {
    const order = await newOrder()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ status: 'Lost' }, 'changes.status'],
      [{ priority: 'urgent' }, 'changes.priority'],
      [{ due_date: '2026-02-30' }, 'changes.due_date'],
      [{ assigned_agent_id: 'not-an-id' }, 'changes.assigned_agent_id'],
    ]
    for (const [changes, field] of cases) {
      const refused = await save(order, changes)
      expect(refused.status).toBe(400)
      expect(refused.json.error.field).toBe(field)
    }
    expect((await save(order, { status: 'Lost' })).json.error.message).toContain('Unknown status.')
    await expectUntouched(order)
  })

  it('refuses a change made against an older version with 409, writing nothing', async () => {
    const order = await newOrder()
    const first = await save(order, { priority: 'high' }, w.manager)
    expect(first.status).toBe(200)
    const before = await stored(order.id)
    const entries = (await changesOf(order.id)).length
    const stale = await save(order, { status: 'Need Info', assigned_agent_id: w.mobileAgent.profileId })
    expect(stale.status).toBe(409)
    expect(stale.json.error.message).toMatch(/Someone else changed this order/)
    expect(await stored(order.id)).toEqual(before)
    expect(await changesOf(order.id)).toHaveLength(entries)
    expect(await auditsOf(order.id)).toHaveLength(1)
  })
})

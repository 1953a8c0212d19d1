import { describe, expect, it } from 'vitest'
import { readEvents } from '../../test/sse'
import {
  agent,
  assignedOrder,
  cameraDriver,
  editOrder,
  fieldManager,
  manager,
  otherAgent,
  setUpHoldsApp,
  t,
} from './holds-test-kit'

// Issue 44 item 3: who a hold reached (delivered to an open screen) and who read it, for the office.

setUpHoldsApp()

const openEvents = async (cookie: string) => {
  const response = await t.app.fetch(new Request('http://localhost:3000/api/events', { headers: { cookie } }))
  expect(response.status).toBe(200)
  const stream = readEvents(response)
  await stream.waitFor('ready')
  return stream
}

type Receipt = { profileId: string; name: string; deliveredAt: string | null; readAt: string | null }

const receiptsOf = async (holdId: string, cookie = manager.cookie) => {
  const response = await t.request('GET', `/api/recovery/holds/${holdId}/receipts`, { cookie })
  expect(response.status).toBe(200)
  return response.json as { hold: { caseNumber: string; reason: string }; receipts: Receipt[]; notSeen: string[] }
}

const receiptOf = (receipts: Receipt[], profileId: string) => receipts.find((row) => row.profileId === profileId)

/** Waits until the person's receipt is stamped delivered (the stamp follows the stream write). */
async function deliveredTo(holdId: string, profileId: string, ms = 2_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const receipt = receiptOf((await receiptsOf(holdId)).receipts, profileId)
    if (receipt?.deliveredAt) return receipt
    if (Date.now() > deadline) throw new Error('the hold notice was not stamped delivered')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('hold receipts', () => {
  it('shows who was told, whose open screen it reached, who read it and who has not yet seen it', async () => {
    const order = await assignedOrder()
    const agentScreen = await openEvents(agent.cookie)
    try {
      const held = await editOrder(order, { status: 'On Hold', hold_reason: 'Lender: customer paid' })
      expect(held.status).toBe(200)
      await agentScreen.waitFor('notifications')

      const holds = await t.request('GET', '/api/recovery/holds', { cookie: manager.cookie })
      expect(holds.status).toBe(200)
      const hold = (holds.json as { holds: Array<Record<string, unknown>> }).holds.find(
        (row) => row.caseNumber === order.case_number,
      )
      expect(hold).toMatchObject({ status: 'On Hold', reason: 'Lender: customer paid', told: 3, read: 0, notSeen: 3 })
      const holdId = hold?.id as string

      // The agent's screen was open: delivered, not read. Nobody else had a screen open.
      expect((await deliveredTo(holdId, agent.profileId)).readAt).toBeNull()
      let { receipts, notSeen } = await receiptsOf(holdId)
      expect(receipts.map((row) => row.profileId).sort()).toEqual(
        [agent.profileId, cameraDriver.profileId, fieldManager.profileId].sort(),
      )
      expect(receiptOf(receipts, cameraDriver.profileId)?.deliveredAt).toBeNull()
      expect(receiptOf(receipts, fieldManager.profileId)?.deliveredAt).toBeNull()
      expect(notSeen).toHaveLength(3)

      // The agent reads the notice in the bell; the camera car driver opens the case.
      const bell = await t.request('GET', '/api/notifications', { cookie: agent.cookie })
      const notice = (bell.json as { notifications: Array<{ id: string; kind: string }> }).notifications.find(
        (row) => row.kind === 'hold',
      )
      expect(
        (await t.request('POST', '/api/notifications/read', { cookie: agent.cookie, body: { ids: [notice?.id] } }))
          .status,
      ).toBe(200)
      expect((await t.request('GET', `/api/orders/${order.id}`, { cookie: cameraDriver.cookie })).status).toBe(200)

      ;({ receipts, notSeen } = await receiptsOf(holdId))
      expect(receiptOf(receipts, agent.profileId)?.readAt).not.toBeNull()
      expect(receiptOf(receipts, cameraDriver.profileId)).toMatchObject({
        deliveredAt: expect.any(String),
        readAt: expect.any(String),
      })
      expect(notSeen).toEqual(['Test field_manager'])
      // The field manager sees the same from their screen; then opens a stream: the waiting notice reaches it.
      expect((await receiptsOf(holdId, fieldManager.cookie)).notSeen).toEqual(['Test field_manager'])
      const fieldScreen = await openEvents(fieldManager.cookie)
      await fieldScreen.stop()
      expect(receiptOf((await receiptsOf(holdId)).receipts, fieldManager.profileId)?.deliveredAt).not.toBeNull()
    } finally {
      await agentScreen.stop()
    }
  })

  it('is the office’s: an agent is refused, another company’s hold is not found', async () => {
    expect((await t.request('GET', '/api/recovery/holds', { cookie: otherAgent.cookie })).status).toBe(403)
    const order = await assignedOrder()
    await editOrder(order, { status: 'On Hold' })
    const hold = await t.db
      .selectFrom('case_holds')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    expect((await t.request('GET', `/api/recovery/holds/${hold.id}/receipts`, { cookie: agent.cookie })).status).toBe(
      403,
    )
    const elsewhere = await t.createUser('manager', await t.createCompany('Elsewhere Recovery'))
    expect(
      (await t.request('GET', `/api/recovery/holds/${hold.id}/receipts`, { cookie: elsewhere.cookie })).status,
    ).toBe(404)
    expect((await t.request('GET', '/api/recovery/holds/not-a-hold/receipts', { cookie: manager.cookie })).status).toBe(
      404,
    )
  })
})

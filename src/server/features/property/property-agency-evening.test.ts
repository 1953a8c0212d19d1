import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

// An evening at the agency (20:00 in Chicago) is already tomorrow in UTC: held property's hold, its
// notices and its disposal count the agency's days (issue 41). The clock is set before the app
// starts, and runs on from there.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
vi.setSystemTime(new Date('2026-11-28T02:00:00Z'))
// The test files of a worker share one module cache (vitest.config.ts): the next file starts on the real clock.
afterAll(() => vi.useRealTimers())

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('post_recovery_manager')
})
afterAll(() => t?.close())

const api = async (method: string, path: string, body?: unknown) =>
  t.request(method, `/api/property${path}`, { cookie: manager.cookie, body })

/** An Ohio recovery (held 30 days) with one item inventoried. */
async function heldProperty(order_number: string, recovery_date: string) {
  const order = await t.db
    .insertInto('orders')
    .values({ company_id: t.companyId, order_number, status: 'Repossessed', recovery_date, recovery_state: 'OH' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const taken = await api('POST', `/cases/orders/${order.id}`, { items: [{ category: 'Tools', description: 'Jack' }] })
  expect(taken.status, JSON.stringify(taken.json)).toBe(201)
  return {
    orderId: order.id,
    inventory: taken.json.inventory,
    itemIds: taken.json.items.map((item: { id: string }) => item.id),
  }
}

const proofFileId = async () =>
  (
    await t.db
      .insertInto('stored_files')
      .values({
        company_id: t.companyId,
        kind: 'document',
        format: 'pdf',
        content_type: 'application/pdf',
        file_name: 'certified-mail-receipt.pdf',
        size_bytes: 16,
        sha256: 'evening-receipt',
        uploaded_by_profile_id: manager.profileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id

describe("Personal property in the agency's evening", () => {
  it('keeps property held through the agency’s last day of the hold, and refuses a notice sent tomorrow', async () => {
    const { orderId, inventory, itemIds } = await heldProperty('PP-EVE-2', '2026-10-28')
    expect(inventory.holdUntil).toBe('2026-11-27')
    const proof = await proofFileId()
    const notice = (sentOn: string) =>
      api('POST', `/inventories/${inventory.id}/notices`, { sentOn, method: 'Certified mail', proofFileId: proof })
    const tomorrow = await notice('2026-11-28')
    expect(tomorrow.status).toBe(400)
    expect(tomorrow.json.error).toMatchObject({ message: 'A notice cannot be sent in the future.', field: 'sentOn' })
    const sent = await notice('2026-11-01')
    expect(sent.status, JSON.stringify(sent.json)).toBe(201)
    expect(sent.json.canDispose).toBe(false)
    expect((await api('GET', `/cases/orders/${orderId}`)).json.canDispose).toBe(false)

    const disposal = await api('POST', `/inventories/${inventory.id}/disposals`, {
      itemIds,
      method: 'Donated',
      noticeId: sent.json.notices[0].id,
    })
    expect(disposal.status).toBe(409)
    expect(disposal.json.error.message).toBe('Property is held until Nov 27, 2026: it cannot be disposed of before.')
    expect((await api('GET', '?stage=ready')).json.inventories).toEqual([])
    const held = await api('GET', '?stage=held')
    expect(held.json.inventories.map((row: { caseLabel: string }) => row.caseLabel)).toContain('PP-EVE-2')
  })
})

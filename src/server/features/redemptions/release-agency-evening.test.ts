import { afterAll, describe, expect, it, vi } from 'vitest'
import { setUpInvoiceKit } from '../invoices/invoice-test-helpers'

// An evening at the agency (20:00 in Chicago) is already tomorrow in UTC: a vehicle release is
// signed on the agency's day (issue 41). The clock is set before the app starts, and runs on.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
vi.setSystemTime(new Date('2026-11-28T02:00:00Z'))
// The test files of a worker share one module cache (vitest.config.ts): the next file starts on the real clock.
afterAll(() => vi.useRealTimers())

const kitOf = setUpInvoiceKit()

describe("A vehicle release in the agency's evening", () => {
  it("is taken on the agency's day", async () => {
    const { t, repossessedOrder, invoiceOfOrder } = kitOf()
    const manager = await t.createUser('post_recovery_manager')
    const api = (method: string, path: string, body?: unknown) =>
      t.request(method, `/api/redemptions${path}`, { cookie: manager.cookie, body })
    const orderId = await repossessedOrder('REL-EVE-1')
    await invoiceOfOrder(orderId)
    const [release] = (await api('POST', `/cases/orders/${orderId}/releases`, { kind: 'release' })).json.releases
    const sent = await api('POST', `/releases/${release.id}/signature`, { name: 'Dana Debtor', email: '' })
    expect(sent.status, JSON.stringify(sent.json)).toBe(201)
    const token = new URL(sent.json.link).pathname.split('/').pop() as string
    const shown = await t.request('GET', `/api/public/signatures/${token}`)
    expect(shown.json.document.body).toMatch(/^I, Dana Debtor, take the .* from .* on Nov 27, 2026\.\n\n/)
  })
})

import { afterAll, describe, expect, it, vi } from 'vitest'
import { agencyToday } from '../../../domain/formats/agency-time'
import { type InvoiceTestKit, setUpInvoiceKit } from './invoice-test-helpers'

// An evening at the agency (20:00 in Chicago) is already tomorrow in UTC: the invoice's window and
// a statement's ages and the aging buckets count the agency's days, as its completion and sending days are (issue 41).
// The clock is set before the app starts, and runs on from there.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
vi.setSystemTime(new Date('2026-11-28T02:00:00Z'))
// The test files of a worker share one module cache (vitest.config.ts): the next file starts on the real clock.
afterAll(() => vi.useRealTimers())

const kitOf = setUpInvoiceKit()
const api = (...args: Parameters<InvoiceTestKit['api']>) => kitOf().api(...args)

describe("Invoice Management in the agency's evening", () => {
  it('counts the window and the age in agency days, not UTC ones', async () => {
    expect(agencyToday()).toBe('2026-11-27')
    const invoice = await kitOf().invoiceOfOrder(await kitOf().repossessedOrder('INV-EVE-1'))
    expect(invoice.window).toMatchObject({ daysSinceCompletion: 5, daysLeft: 25, state: 'open' })

    expect((await api('POST', `/${invoice.id}/status`, { status: 'sent' })).status).toBe(200)
    const statement = await api('GET', `/aging/${kitOf().clientId}`)
    expect(statement.status, JSON.stringify(statement.json)).toBe(200)
    expect(statement.json.invoices).toEqual([
      expect.objectContaining({ case_label: 'INV-EVE-1', sent_on: '2026-11-27', days: 0, bucket: '0-30' }),
    ])
  })

  it("puts an invoice sent 30 of the agency's days ago in the 0-30 bucket", async () => {
    const { t, clientId } = kitOf()
    await t.db
      .insertInto('invoices')
      .values({
        company_id: t.companyId,
        number: 'INV-EVE-30',
        case_key: 'order:evening-30',
        client_id: clientId,
        status: 'sent',
        case_label: 'EVE-30',
        sent_on: '2026-10-28',
        billed_cents: 10_000,
        paid_cents: 0,
      })
      .execute()
    const aging = await api('GET', '/aging')
    expect(aging.status, JSON.stringify(aging.json)).toBe(200)
    expect(aging.json.clients).toEqual([
      expect.objectContaining({ clientId, buckets: { '0-30': 52_500, '31-60': 0, '61-90': 0, '90+': 0 } }),
    ])
  })
})

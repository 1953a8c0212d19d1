import { afterAll, beforeAll, expect } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { draftQueuedInvoices } from './drafting'

// What the invoice tests share: an app with a manager and a client whose rate card prices
// recoveries ($350 involuntary, $300 impound needing approval, keys, close fee; storage $25 a day
// after 2 free days), and orders marked repossessed.

const DAY_MS = 86_400_000
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10)
export const inDays = (days: number) => new Date(Date.now() + days * DAY_MS)

/**
 * A recovery `day` (UTC, as `daysAgo` gives it) days back to this very moment, one second less:
 * 'five days ago' is a little under five days whatever the hour the tests run at, so storage
 * counts the same started days at 09:00 and at 23:59, and the recovery's day on the agency's wall
 * is five days before the agency's today. The moment is stored (its day and clock columns follow
 * it, migration 039): a day and an HH:MM time could not say 'one second less' near midnight.
 */
function recoveredOn(day: string) {
  const now = Date.now()
  const daysBack = Math.round((Date.parse(new Date(now).toISOString().slice(0, 10)) - Date.parse(day)) / DAY_MS)
  return { repossessed_at: new Date(now - daysBack * DAY_MS + 1_000) }
}

export async function setUpInvoices() {
  const t = await createTestApp()
  const manager = await t.createUser('manager')
  const client = await t.db
    .insertInto('clients')
    .values({ company_id: t.companyId, name: 'Westlake Financial', client_code: 'WEST' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const card = await t.request('POST', '/api/fees/rate-cards', {
    cookie: manager.cookie,
    body: { clientId: client.id },
  })
  const version = await t.request('POST', `/api/fees/rate-cards/${card.json.rateCard.id}/versions`, {
    cookie: manager.cookie,
    body: {
      effectiveFrom: '2025-01-01',
      storage: { freeDays: 2, dailyCents: 2_500, capCents: 50_000 },
      rows: [
        { feeType: 'Involuntary Repossession', basis: 'flat', amountCents: 35_000, daysToInvoice: 30 },
        { feeType: 'Impound Repossession', basis: 'flat', amountCents: 30_000, needsApproval: true },
        { feeType: 'Keys', basis: 'flat', amountCents: 7_500 },
        { feeType: 'Close Fee', basis: 'flat', amountCents: 5_000 },
      ],
    },
  })
  expect(version.status, JSON.stringify(version.json)).toBe(201)
  return invoiceTestKit(t, manager, client.id)
}

function invoiceTestKit(t: TestApp, manager: Awaited<ReturnType<TestApp['createUser']>>, clientId: string) {
  const api = (method: string, path: string, body?: unknown, cookie = manager.cookie) =>
    t.request(method, `/api/invoices${path}`, { cookie, body })

  /** An open order of the client, then marked repossessed (five days ago at 14:30 unless said), as a person does. */
  async function repossessedOrder(orderNumber: string, values: Record<string, unknown> = {}) {
    const order = await t.db
      .insertInto('orders')
      .values({
        company_id: t.companyId,
        order_number: orderNumber,
        case_number: orderNumber,
        client_id: clientId,
        status: 'Open',
        vin: '1HGCM82633A004352',
        make: 'Honda',
        model: 'Accord',
        year: 2019,
        borrower_name: 'Dana Debtor',
        recovery_state: 'AL',
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db
      .updateTable('orders')
      .set({
        status: 'Repossessed',
        ...recoveredOn((values.recovery_date as string | undefined) ?? daysAgo(5)),
      })
      .where('id', '=', order.id)
      .execute()
    return order.id
  }

  /** What the server's background drafting does once woken: the company's queued cases drafted. */
  const draftQueued = () => draftQueuedInvoices(t.db, t.companyId)

  /** The order's newest invoice, as its detail reads it once the background drafting ran. */
  async function invoiceOfOrder(orderId: string) {
    await draftQueued()
    const found = await api('GET', `/cases/orders/${orderId}`)
    expect(found.status, JSON.stringify(found.json)).toBe(200)
    return found.json.invoices[0]
  }

  return { t, manager, clientId, api, repossessedOrder, draftQueued, invoiceOfOrder }
}

export type InvoiceTestKit = ReturnType<typeof invoiceTestKit>

/**
 * A test file's own app, set up before its tests and closed after; call the returned function
 * inside a test for the kit (the api, orders marked repossessed, their invoices).
 */
export function setUpInvoiceKit() {
  let kit: InvoiceTestKit | undefined
  beforeAll(async () => {
    kit = await setUpInvoices()
  })
  afterAll(() => kit?.t.close())
  return () => {
    if (!kit) throw new Error('The invoice kit is set up in beforeAll')
    return kit
  }
}

import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import { pdfText } from '../../test/pdf-text'
import { setUpInvoiceKit } from '../invoices/invoice-test-helpers'
import { payToday } from '../payroll/pay-day'
import { onceComputed } from '../payroll/payroll-test-kit'

// Issue 41: what the agency collected from the debtor against the redemption quote: recorded once
// per submit, on the case's timeline and in the audit log, printed on a receipt, counted in
// accounting; and a client that hands its vehicles over only once paid refuses the hand-over before.

const kitOf = setUpInvoiceKit()
// A real 1x1 PNG, as a canvas would give.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

async function setUp(orderNumber: string) {
  const kit = kitOf()
  const { t, repossessedOrder, invoiceOfOrder } = kit
  const manager = await t.createUser('post_recovery_manager')
  const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    t.request(method, `/api/redemptions${path}`, { cookie: manager.cookie, body, headers })
  const orderId = await repossessedOrder(orderNumber)
  await invoiceOfOrder(orderId)
  return { ...kit, manager, api, orderId }
}

describe('redemption payments', () => {
  it('records a payment once per submit, on the timeline and in the audit, with a receipt', async () => {
    const { t, api, orderId, manager } = await setUp('PAY-1')
    const headers = { 'Idempotency-Key': randomUUID() }
    const payment = { amountCents: 20_000, method: 'cashiers_check', reference: 'CK 1001' }
    const first = await api('POST', `/cases/orders/${orderId}/payments`, payment, headers)
    expect(first.status, JSON.stringify(first.json)).toBe(201)
    const again = await api('POST', `/cases/orders/${orderId}/payments`, payment, headers)
    expect(again.status).toBe(201)
    expect(again.json).toEqual(first.json)
    const listed = (await api('GET', `/cases/orders/${orderId}/payments`)).json
    expect(listed).toMatchObject({ handOverNeedsPayment: false, collectedCents: 20_000 })
    expect(listed.payments).toEqual([
      expect.objectContaining({
        amountCents: 20_000,
        method: 'cashiers_check',
        methodLabel: "Cashier's check",
        reference: 'CK 1001',
        receivedOn: payToday(),
        recordedBy: 'Test post_recovery_manager',
      }),
    ])
    const events = await t.db
      .selectFrom('case_timeline')
      .select('new_value')
      .where('order_id', '=', orderId)
      .where('field', '=', 'redemption_payment')
      .execute()
    expect(events.map((event) => event.new_value)).toEqual(["$200.00 by Cashier's check (CK 1001)"])
    // The post-recovery manager reads it on the case's Notes & History.
    const timeline = await t.request('GET', `/api/timeline/orders/${orderId}`, { cookie: manager.cookie })
    expect(timeline.status).toBe(200)
    expect(JSON.stringify(timeline.json)).toContain("$200.00 by Cashier's check (CK 1001)")
    const audits = await t.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'redemption_payment.recorded')
      .where('target', '=', `redemption_payment:${listed.payments[0].id}`)
      .execute()
    expect(audits).toHaveLength(1)

    // Cash needs no reference; the receipt names the agency, the debtor, the vehicle and the money.
    const cash = await api('POST', `/cases/orders/${orderId}/payments`, { amountCents: 5_050, method: 'cash' })
    expect(cash.status, JSON.stringify(cash.json)).toBe(201)
    expect(cash.json.collectedCents).toBe(25_050)
    const receipt = await t.app.fetch(
      new Request(`http://localhost:3000/api/redemptions/payments/${listed.payments[0].id}/receipt.pdf`, {
        headers: { cookie: manager.cookie, 'x-forwarded-for': '10.0.0.1' },
      }),
    )
    expect(receipt.status).toBe(200)
    expect(receipt.headers.get('content-type')).toBe('application/pdf')
    const text = pdfText(new Uint8Array(await receipt.arrayBuffer()))
    const company = await t.db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', t.companyId)
      .executeTakeFirstOrThrow()
    for (const expected of [
      company.name,
      'Redemption payment receipt',
      formatCaseDate(payToday()),
      'Dana Debtor',
      '2019 Honda Accord',
      '1HGCM82633A004352',
      '$200.00',
      "Cashier's check",
      'CK 1001',
    ])
      expect(text).toContain(expected)
    expect(formatCaseDate(payToday())).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/)
  })

  it('names the bad field, and keeps other companies and other people out', async () => {
    const { t, api, orderId } = await setUp('PAY-2')
    const post = (body: unknown) => api('POST', `/cases/orders/${orderId}/payments`, body)
    for (const [body, field] of [
      [{ amountCents: 0, method: 'cash' }, 'amountCents'],
      [{ amountCents: 12.5, method: 'cash' }, 'amountCents'],
      [{ amountCents: 100, method: 'bitcoin', reference: 'x' }, 'method'],
      [{ amountCents: 100, method: 'card' }, 'reference'],
      [{ amountCents: 100, method: 'ach', reference: ' ' }, 'reference'],
    ] as const) {
      const refused = await post(body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.json.error.field).toBe(field)
    }
    const other = await t.createCompany('Other Redemption Co')
    const stranger = await t.createUser('post_recovery_manager', other)
    const asStranger = (method: string, path: string, body?: unknown) =>
      t.request(method, `/api/redemptions${path}`, { cookie: stranger.cookie, body })
    const mine = await post({ amountCents: 100, method: 'cash' })
    expect(mine.status).toBe(201)
    const body = { amountCents: 100, method: 'cash' }
    expect((await asStranger('POST', `/cases/orders/${orderId}/payments`, body)).status).toBe(404)
    expect((await asStranger('GET', `/cases/orders/${orderId}/payments`)).status).toBe(404)
    expect((await asStranger('GET', `/payments/${mine.json.payments[0].id}/receipt.pdf`)).status).toBe(404)
    expect((await asStranger('GET', '/payments/not-a-uuid/receipt.pdf')).status).toBe(404)
    const driver = await t.createUser('camera_driver')
    const asDriver = await t.request('POST', `/api/redemptions/cases/orders/${orderId}/payments`, {
      cookie: driver.cookie,
      body,
    })
    expect(asDriver.status).toBe(403)
    expect((await t.request('POST', `/api/redemptions/cases/orders/${orderId}/payments`, { body })).status).toBe(401)
  })

  it("refuses the hand-over while the payments do not cover the quote, where the client's rule asks", async () => {
    const { t, api, orderId, clientId } = await setUp('PAY-3')
    const saved = await t.request('PATCH', `/api/clients/${clientId}`, {
      cookie: kitOf().manager.cookie,
      body: { name: 'Westlake Financial', handOverNeedsPayment: true },
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    const authorized = await api('POST', `/cases/orders/${orderId}/releases`, { kind: 'release' })
    expect(authorized.status, JSON.stringify(authorized.json)).toBe(201)
    const release = authorized.json.releases[0]
    const sent = await api('POST', `/releases/${release.id}/signature`, { name: 'Dana Debtor', email: '' })
    const token = new URL(sent.json.link).pathname.split('/').pop() as string
    const signed = await t.request('POST', `/api/public/signatures/${token}`, {
      body: { signerName: 'Dana Debtor', notes: null, signatureImage: PNG },
    })
    expect(signed.status, JSON.stringify(signed.json)).toBe(200)
    const quote = (await api('GET', `/cases/orders/${orderId}/quote`)).json.totalCents as number
    expect((await api('GET', `/cases/orders/${orderId}/payments`)).json.handOverNeedsPayment).toBe(true)

    const handOver = { releasedTo: 'Dana Debtor', idType: "Driver's license", idLast4: '1234' }
    const unpaid = await api('POST', `/releases/${release.id}/complete`, handOver)
    expect(unpaid.status).toBe(409)
    expect(unpaid.json.error.message).toBe(
      `This client requires the redemption quote paid before the hand-over: $0.00 collected of ${formatCents(quote)}, ${formatCents(quote)} still due.`,
    )
    await api('POST', `/cases/orders/${orderId}/payments`, {
      amountCents: 10_000,
      method: 'card',
      reference: 'AUTH 77',
    })
    const short = await api('POST', `/releases/${release.id}/complete`, handOver)
    expect(short.status).toBe(409)
    expect(short.json.error.message).toBe(
      `This client requires the redemption quote paid before the hand-over: $100.00 collected of ${formatCents(quote)}, ${formatCents(quote - 10_000)} still due.`,
    )
    const rest = { amountCents: quote - 10_000, method: 'certified_funds', reference: 'CF-9' }
    expect((await api('POST', `/cases/orders/${orderId}/payments`, rest)).status).toBe(201)
    const done = await api('POST', `/releases/${release.id}/complete`, handOver)
    expect(done.status, JSON.stringify(done.json)).toBe(200)
    expect(done.json.releases[0]).toMatchObject({ status: 'completed', releasedTo: 'Dana Debtor' })
  })

  it('counts what debtors paid in accounting, by client', async () => {
    const { t, api, orderId } = await setUp('PAY-4')
    const accounting = async () =>
      (await onceComputed(() => t.request('GET', '/api/payroll/accounting', { cookie: kitOf().manager.cookie }))).json
    const before = await accounting()
    expect(before.totals).toHaveProperty('collectedFromDebtorsCents')
    const paid = await api('POST', `/cases/orders/${orderId}/payments`, {
      amountCents: 12_345,
      method: 'ach',
      reference: 'ACH-1',
    })
    expect(paid.status, JSON.stringify(paid.json)).toBe(201)
    const after = await accounting()
    expect(after.totals.collectedFromDebtorsCents - before.totals.collectedFromDebtorsCents).toBe(12_345)
    expect(after.chart.at(-1).collectedFromDebtorsCents - before.chart.at(-1).collectedFromDebtorsCents).toBe(12_345)
    const westlake = (view: typeof after) =>
      (view.rows as Array<{ client: string; collectedFromDebtorsCents: number }>)
        .filter((row) => row.client === 'Westlake Financial')
        .reduce((sum, row) => sum + row.collectedFromDebtorsCents, 0)
    expect(westlake(after) - westlake(before)).toBe(12_345)
  })
})

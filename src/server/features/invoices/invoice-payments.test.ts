import { describe, expect, it } from 'vitest'
import { agencyToday } from '../../../domain/formats/agency-time'
import { daysAgo, type InvoiceTestKit, inDays, setUpInvoiceKit } from './invoice-test-helpers'

const kitOf = setUpInvoiceKit()
const api = (...args: Parameters<InvoiceTestKit['api']>) => kitOf().api(...args)
const repossessedOrder = (...args: Parameters<InvoiceTestKit['repossessedOrder']>) => kitOf().repossessedOrder(...args)
const invoiceOfOrder = (orderId: string) => kitOf().invoiceOfOrder(orderId)

describe('Invoice Management: send, pay, age', () => {
  it('sends, takes a partial payment, refuses one above the balance, and ages what is owed', async () => {
    const orderId = await repossessedOrder('INV-T-3')
    const invoice = await invoiceOfOrder(orderId)
    const sent = await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    expect(sent.status, JSON.stringify(sent.json)).toBe(200)
    expect(sent.json.invoice).toMatchObject({
      status: 'sent',
      // The agency's day (issue 43): after 6 PM in Alabama the UTC day is already tomorrow's.
      sent_on: agencyToday(),
      billed_cents: 42_500,
    })
    // Storage is fixed once sent.
    expect(sent.json.invoice.storage_stop_event).toBe('sent')
    const partial = await api('POST', `/${invoice.id}/payments`, {
      receivedOn: daysAgo(0),
      amountCents: 20_000,
      reference: 'CHK 1001',
    })
    expect(partial.status, JSON.stringify(partial.json)).toBe(201)
    expect(partial.json.invoice).toMatchObject({ status: 'sent', paid_cents: 20_000, balance_cents: 22_500 })
    const over = await api('POST', `/${invoice.id}/payments`, { receivedOn: daysAgo(0), amountCents: 22_501 })
    expect(over.status).toBe(400)
    expect(over.json.error).toMatchObject({ field: 'amountCents', message: 'Above the balance of $225.00.' })
    expect((await api('POST', `/${invoice.id}/payments`, { receivedOn: daysAgo(0), amountCents: 10.5 })).status).toBe(
      400,
    )
    const aging = (await api('GET', '/aging')).json
    const row = aging.clients.find((client: { clientId: string }) => client.clientId === kitOf().clientId)
    expect(row).toMatchObject({
      clientName: 'Westlake Financial',
      buckets: { '0-30': 22_500, '31-60': 0 },
      totalCents: 22_500,
    })
    const statement = (await api('GET', `/aging/${kitOf().clientId}`)).json
    expect(statement.invoices).toEqual([
      expect.objectContaining({ number: invoice.number, balance_cents: 22_500, bucket: '0-30' }),
    ])
    const pdf = await kitOf().t.app.fetch(
      new Request(`http://localhost:3000/api/invoices/aging/${kitOf().clientId}/statement.pdf`, {
        headers: { cookie: kitOf().manager.cookie },
      }),
    )
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
    // The rest paid: Paid, and out of the aging.
    const rest = await api('POST', `/${invoice.id}/payments`, { receivedOn: daysAgo(0), amountCents: 22_500 })
    expect(rest.json.invoice).toMatchObject({ status: 'paid', balance_cents: 0 })
    const payments = await kitOf()
      .t.db.selectFrom('case_timeline')
      .select('new_value')
      .where('order_id', '=', orderId)
      .where('field', '=', 'invoice_payment')
      .orderBy('id')
      .execute()
    expect(payments.map((row) => row.new_value)).toEqual([
      `$200.00 on ${invoice.number}`,
      `$225.00 on ${invoice.number}`,
    ])
  })

  it('lets two people posting at once never pay more than billed', async () => {
    const invoice = await invoiceOfOrder(await repossessedOrder('INV-T-4'))
    await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    const results = await Promise.all(
      [30_000, 30_000].map((amountCents) =>
        api('POST', `/${invoice.id}/payments`, { receivedOn: daysAgo(0), amountCents }),
      ),
    )
    expect(results.map((result) => result.status).sort()).toEqual([201, 400])
    const detail = (await api('GET', `/${invoice.id}`)).json.invoice
    expect(detail.paid_cents).toBe(30_000)
    expect(detail.payments).toHaveLength(1)
  })

  it('pays by line, short-pays what the lender approved less of, and refuses a line above its amount', async () => {
    const invoice = await invoiceOfOrder(await repossessedOrder('INV-T-5'))
    await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    const { lines } = (await api('GET', `/${invoice.id}`)).json.invoice
    const [fee, storage] = lines
    const approved = await api('POST', `/${invoice.id}/status`, {
      status: 'approved',
      approved: [{ lineId: storage.id, approvedCents: 0 }],
    })
    expect(approved.json.invoice.lines.map((line: { approved_cents: number }) => line.approved_cents)).toEqual([
      35_000, 0,
    ])
    const tooMuch = await api('POST', `/${invoice.id}/payments`, {
      receivedOn: daysAgo(0),
      lines: [{ lineId: fee.id, amountCents: 35_001 }],
    })
    expect(tooMuch.json.error).toMatchObject({
      field: 'lines.0.amountCents',
      message: "Above this line's balance of $350.00.",
    })
    const paid = await api('POST', `/${invoice.id}/payments`, {
      receivedOn: daysAgo(0),
      lines: [
        { lineId: fee.id, amountCents: 35_000 },
        // Nothing paid of storage, and why: the reason is kept all the same.
        { lineId: storage.id, amountCents: 0, shortPayReason: 'Storage not covered by the lender' },
      ],
    })
    expect(paid.json.invoice).toMatchObject({ status: 'short_paid', paid_cents: 35_000, balance_cents: 7_500 })
    expect(paid.json.invoice.lines[1].short_pay_reason).toBe('Storage not covered by the lender')
    expect((await api('POST', `/${invoice.id}/status`, { status: 'rejected', reason: 'x' })).status).toBe(409)
    const writtenOff = await api('POST', `/${invoice.id}/status`, { status: 'written_off' })
    expect(writtenOff.json.error).toMatchObject({ field: 'reason' })
    expect(
      (await api('POST', `/${invoice.id}/status`, { status: 'written_off', reason: 'Lender will not pay' })).status,
    ).toBe(200)
  })

  it('resubmits a rejected invoice as a linked revision, once', async () => {
    const invoice = await invoiceOfOrder(await repossessedOrder('INV-T-6'))
    expect((await api('POST', `/${invoice.id}/status`, { status: 'approved' })).status).toBe(409)
    await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    await api('POST', `/${invoice.id}/status`, { status: 'lender_pending' })
    await api('POST', `/${invoice.id}/status`, { status: 'on_hold', reason: 'Awaiting title' })
    expect((await api('POST', `/${invoice.id}/status`, { status: 'rejected' })).status).toBe(400)
    await api('POST', `/${invoice.id}/status`, { status: 'rejected', reason: 'Wrong VIN on the invoice' })
    const revision = await api('POST', `/${invoice.id}/resubmit`)
    expect(revision.status, JSON.stringify(revision.json)).toBe(201)
    expect(revision.json.invoice).toMatchObject({
      status: 'draft',
      revision: 2,
      revision_of_number: invoice.number,
      billed_cents: 42_500,
    })
    expect(revision.json.invoice.number).not.toBe(invoice.number)
    expect((await api('POST', `/${invoice.id}/resubmit`)).status).toBe(409)
    expect((await api('GET', `/${invoice.id}`)).json.invoice.revised_by.number).toBe(revision.json.invoice.number)
  })

  it('stops a draft’s storage at a release and makes the PDF', async () => {
    const invoice = await invoiceOfOrder(await repossessedOrder('INV-T-7', { recovery_date: daysAgo(10) }))
    const future = await api('POST', `/${invoice.id}/storage-stop`, {
      event: 'release',
      at: inDays(1).toISOString(),
    })
    expect(future.json.error).toMatchObject({ field: 'at' })
    const stopped = await api('POST', `/${invoice.id}/storage-stop`, {
      event: 'release',
      at: inDays(-6).toISOString(),
    })
    expect(stopped.status, JSON.stringify(stopped.json)).toBe(200)
    const storage = stopped.json.invoice.lines.find((line: { kind: string }) => line.kind === 'storage')
    expect(storage).toMatchObject({ quantity: 2, billed_cents: 5_000 })
    expect(stopped.json.invoice.storage_stop_event).toBe('release')
    const pdf = await kitOf().t.app.fetch(
      new Request(`http://localhost:3000/api/invoices/${invoice.id}/pdf`, {
        headers: { cookie: kitOf().manager.cookie },
      }),
    )
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-disposition')).toBe(
      `inline; filename="${invoice.number}.pdf"; filename*=UTF-8''${invoice.number}.pdf`,
    )
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    expect(bytes.length).toBeGreaterThan(1000)
  })

  it('reprices a draft once its client has a card', async () => {
    const other = await kitOf()
      .t.db.insertInto('clients')
      .values({ company_id: kitOf().t.companyId, name: 'Late Card Credit', client_code: 'LATE' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const invoice = await invoiceOfOrder(await repossessedOrder('INV-T-8', { client_id: other.id }))
    expect(invoice).toMatchObject({ billed_cents: 0, pricing_note: 'This case’s client has no rate card.' })
    const send = await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    expect(send.json.error.message).toMatch(/no rate on the client’s rate card/)
    const card = await kitOf().t.request('POST', '/api/fees/rate-cards', {
      cookie: kitOf().manager.cookie,
      body: { clientId: other.id },
    })
    await kitOf().t.request('POST', `/api/fees/rate-cards/${card.json.rateCard.id}/versions`, {
      cookie: kitOf().manager.cookie,
      body: {
        effectiveFrom: '2025-01-01',
        rows: [{ feeType: 'Involuntary Repossession', basis: 'flat', amountCents: 40_000 }],
      },
    })
    const repriced = await api('POST', `/${invoice.id}/reprice`)
    expect(repriced.status, JSON.stringify(repriced.json)).toBe(200)
    expect(repriced.json.invoice).toMatchObject({ billed_cents: 40_000, pricing_note: null, rate_card_version: 1 })
  })
})

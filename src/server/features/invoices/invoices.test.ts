import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../lib/logger'
import type { TestApp } from '../../test/harness'
import { syncRdnCases } from '../cases/sync'
import { startInvoiceDrafting } from './drafting-schedule'
import { daysAgo, type InvoiceTestKit, inDays, setUpInvoices } from './invoice-test-helpers'

let kit: InvoiceTestKit
let t: TestApp
beforeAll(async () => {
  kit = await setUpInvoices()
  t = kit.t
})
afterAll(() => t?.close())

const api = (...args: Parameters<InvoiceTestKit['api']>) => kit.api(...args)
const repossessedOrder = (...args: Parameters<InvoiceTestKit['repossessedOrder']>) => kit.repossessedOrder(...args)
const invoiceOfOrder = (orderId: string) => kit.invoiceOfOrder(orderId)

describe('Invoice Management: a recovery drafts its invoice', () => {
  it('drafts an invoice when an order reaches Repossessed, priced by the card with storage accruing', async () => {
    const orderId = await repossessedOrder('INV-T-1')
    const summary = await api('GET', '/summary')
    expect(summary.status).toBe(200)
    expect(summary.json.queues.drafts).toBeGreaterThanOrEqual(1)
    const listed = await invoiceOfOrder(orderId)
    expect(listed).toMatchObject({
      status: 'draft',
      status_label: 'Draft',
      case_label: 'INV-T-1',
      client_name: 'Westlake Financial',
    })
    expect(listed.number).toMatch(/^INV-\d{6}$/)
    const detail = (await api('GET', `/${listed.id}`)).json.invoice
    // Five days stored, two free: three at $25.00.
    expect(
      detail.lines.map((line: Record<string, unknown>) => [line.fee_name, line.quantity, line.billed_cents]),
    ).toEqual([
      ['Involuntary Repossession', 1, 35_000],
      ['Storage', 3, 7_500],
    ])
    expect(detail).toMatchObject({
      billed_cents: 42_500,
      balance_cents: 42_500,
      vin: '1HGCM82633A004352',
      vehicle: '2019 Honda Accord',
      rate_card_version: 1,
      window: { daysSinceCompletion: 5, daysLeft: 25, state: 'open' },
      moves: [{ status: 'sent', label: 'Sent' }],
    })
    // On the case's timeline and the audit log.
    const timeline = await t.db
      .selectFrom('case_timeline')
      .select(['field', 'new_value'])
      .where('order_id', '=', orderId)
      .where('field', '=', 'invoice')
      .execute()
    expect(timeline).toEqual([{ field: 'invoice', new_value: `${detail.number} Draft` }])
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `invoice:${detail.id}`)
      .execute()
    expect(audit.map((row) => row.action)).toEqual(['invoice.drafted'])
    // Billing on the timeline is for those who may open Invoice Management.
    const agent = await t.createUser('recovery_agent')
    const fieldsSeen = async (cookie: string) =>
      (await t.request('GET', `/api/timeline/orders/${orderId}`, { cookie })).json.entries.map(
        (entry: { field: string | null }) => entry.field,
      )
    expect(await fieldsSeen(kit.manager.cookie)).toContain('invoice')
    expect(await fieldsSeen(agent.cookie)).not.toContain('invoice')
    expect(await fieldsSeen(agent.cookie)).toContain('status')
    // Drafting again never makes a second one.
    await api('GET', '/summary')
    expect((await api('GET', `/cases/orders/${orderId}`)).json.invoices).toHaveLength(1)
  })

  it('turns a rate that needs approval into a Waiting fee request, and a lender code into a request', async () => {
    const orderId = await repossessedOrder('INV-T-2', { repo_type: 'Impound' })
    await t.db
      .insertInto('order_sub_statuses')
      .values({ company_id: t.companyId, case_number: 'INV-T-2', sub_status_code: 'CLOSE_FEE_APPROVED' })
      .execute()
    const invoice = await invoiceOfOrder(orderId)
    const detail = (await api('GET', `/${invoice.id}`)).json.invoice
    expect(detail.lines.map((line: Record<string, unknown>) => [line.fee_name, line.billed_cents])).toEqual([
      ['Close Fee', 5_000],
      ['Storage', 7_500],
    ])
    const requests = (await api('GET', `/fee-requests?status=open&orderId=${orderId}`)).json.feeRequests
    expect(requests.map((r: Record<string, unknown>) => [r.fee_name, r.status, r.amount_cents, r.rule])).toEqual([
      ['Impound Repossession', 'waiting', 30_000, 'Rate card version 1: Impound Repossession needs approval first'],
    ])
    const approved = (await api('GET', `/fee-requests?status=approved&orderId=${orderId}`)).json.feeRequests
    expect(approved[0]).toMatchObject({
      fee_name: 'Close Fee',
      source: 'derived',
      rule: 'Lender sub-status code CLOSE_FEE_APPROVED',
    })
    // Waiting -> Requested -> Approved puts it on the draft.
    const id = requests[0].id
    expect((await api('POST', `/fee-requests/${id}/status`, { status: 'approved' })).status).toBe(409)
    expect((await api('POST', `/fee-requests/${id}/status`, { status: 'requested' })).status).toBe(200)
    expect((await api('POST', `/fee-requests/${id}/status`, { status: 'approved' })).status).toBe(200)
    const after = (await api('GET', `/${invoice.id}`)).json.invoice
    expect(after.lines.map((line: Record<string, unknown>) => line.fee_name)).toContain('Impound Repossession')
    expect(after.billed_cents).toBe(42_500)
  })

  it('drafts on its own schedule too, with nobody opening Invoice Management', async () => {
    const drafting = startInvoiceDrafting(t.db, createLogger('silent', false), 50)
    try {
      const orderId = await repossessedOrder('INV-T-SCHEDULE')
      await expect
        .poll(
          async () =>
            (await t.db.selectFrom('invoices').select('status').where('order_id', '=', orderId).execute()).length,
          {
            timeout: 5_000,
          },
        )
        .toBe(1)
    } finally {
      await drafting.stop()
    }
  })

  it('drafts an RDN case repossessed by the sync, and says when a client has no card', async () => {
    await syncRdnCases(t.db, t.companyId, [
      {
        case_id: 9_200_001,
        status: 'Repossessed',
        lender_name: 'WESTLAKE FINANCIAL',
        repo_date: daysAgo(1),
        recovery_state: 'AL',
      },
      { case_id: 9_200_002, status: 'Repossessed', lender_name: 'Nobody Bank', repo_date: daysAgo(1) },
    ])
    const priced = (await api('GET', '/cases/rdn/9200001')).json.invoices[0]
    expect(priced).toMatchObject({ status: 'draft', billed_cents: 35_000, pricing_note: null })
    const unpriced = (await api('GET', '/cases/rdn/9200002')).json.invoices[0]
    expect(unpriced).toMatchObject({
      status: 'draft',
      client_id: null,
      pricing_note: 'This case has no client to bill.',
    })
    const send = await api('POST', `/${unpriced.id}/status`, { status: 'sent' })
    expect(send.status).toBe(400)
    expect(send.json.error.message).toBe('This invoice has no client to send it to.')
  })
})

describe('Invoice Management: send, pay, age', () => {
  it('sends, takes a partial payment, refuses one above the balance, and ages what is owed', async () => {
    const orderId = await repossessedOrder('INV-T-3')
    const invoice = await invoiceOfOrder(orderId)
    const sent = await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    expect(sent.status, JSON.stringify(sent.json)).toBe(200)
    expect(sent.json.invoice).toMatchObject({
      status: 'sent',
      sent_on: new Date().toISOString().slice(0, 10),
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
    const row = aging.clients.find((client: { clientId: string }) => client.clientId === kit.clientId)
    expect(row).toMatchObject({
      clientName: 'Westlake Financial',
      buckets: { '0-30': 22_500, '31-60': 0 },
      totalCents: 22_500,
    })
    const statement = (await api('GET', `/aging/${kit.clientId}`)).json
    expect(statement.invoices).toEqual([
      expect.objectContaining({ number: invoice.number, balance_cents: 22_500, bucket: '0-30' }),
    ])
    const pdf = await t.app.fetch(
      new Request(`http://localhost:3000/api/invoices/aging/${kit.clientId}/statement.pdf`, {
        headers: { cookie: kit.manager.cookie },
      }),
    )
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
    // The rest paid: Paid, and out of the aging.
    const rest = await api('POST', `/${invoice.id}/payments`, { receivedOn: daysAgo(0), amountCents: 22_500 })
    expect(rest.json.invoice).toMatchObject({ status: 'paid', balance_cents: 0 })
    const payments = await t.db
      .selectFrom('case_timeline')
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
    const pdf = await t.app.fetch(
      new Request(`http://localhost:3000/api/invoices/${invoice.id}/pdf`, { headers: { cookie: kit.manager.cookie } }),
    )
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-disposition')).toBe(`inline; filename="${invoice.number}.pdf"`)
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    expect(bytes.length).toBeGreaterThan(1000)
  })

  it('reprices a draft once its client has a card', async () => {
    const other = await t.db
      .insertInto('clients')
      .values({ company_id: t.companyId, name: 'Late Card Credit', client_code: 'LATE' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const invoice = await invoiceOfOrder(await repossessedOrder('INV-T-8', { client_id: other.id }))
    expect(invoice).toMatchObject({ billed_cents: 0, pricing_note: 'This case’s client has no rate card.' })
    const send = await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    expect(send.json.error.message).toMatch(/no rate on the client’s rate card/)
    const card = await t.request('POST', '/api/fees/rate-cards', {
      cookie: kit.manager.cookie,
      body: { clientId: other.id },
    })
    await t.request('POST', `/api/fees/rate-cards/${card.json.rateCard.id}/versions`, {
      cookie: kit.manager.cookie,
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

describe('Invoice Management: fee requests, evidence, access', () => {
  it('takes a manual fee request with evidence files', async () => {
    const orderId = await repossessedOrder('INV-T-9')
    expect(
      (await api('POST', '/fee-requests', { orderId, feeType: 'Teleport', amountCents: 100 })).json.error,
    ).toMatchObject({
      field: 'feeType',
    })
    expect((await api('POST', '/fee-requests', { orderId, feeType: 'Keys', amountCents: -5 })).status).toBe(400)
    const made = await api('POST', '/fee-requests', {
      orderId,
      feeType: 'Keys Fee',
      amountCents: 7_500,
      note: 'Key cut on site',
    })
    expect(made.status, JSON.stringify(made.json)).toBe(201)
    const upload = (body: Uint8Array, type: string) =>
      t.app.fetch(
        new Request(`http://localhost:3000/api/invoices/fee-requests/${made.json.id}/files`, {
          method: 'POST',
          headers: {
            cookie: kit.manager.cookie,
            origin: t.config.baseUrl,
            'content-type': type,
            'x-file-name': encodeURIComponent('key receipt.pdf'),
          },
          body: new Blob([new Uint8Array(body)]),
        }),
      )
    const bad = await upload(new Uint8Array([1, 2, 3]), 'application/zip')
    expect(bad.status).toBe(400)
    const good = await upload(new TextEncoder().encode('%PDF-1.4 receipt'), 'application/pdf')
    expect(good.status).toBe(201)
    const files = (await api('GET', `/fee-requests/${made.json.id}/files`)).json.files
    expect(files).toEqual([expect.objectContaining({ file_name: 'key receipt.pdf', size_bytes: 16 })])
    const file = await t.app.fetch(
      new Request(`http://localhost:3000/api/invoices/fee-requests/${made.json.id}/files/${files[0].id}`, {
        headers: { cookie: kit.manager.cookie },
      }),
    )
    expect(await file.text()).toBe('%PDF-1.4 receipt')
    const listed = (await api('GET', `/fee-requests?status=waiting&orderId=${orderId}`)).json.feeRequests
    expect(listed[0]).toMatchObject({
      fee_name: 'Keys',
      amount_cents: 7_500,
      file_count: 1,
      rule: 'Added by hand: a fee the lender approves first',
    })
  })

  it('404s another company’s invoices and refuses roles without the Invoice screen', async () => {
    const invoice = await invoiceOfOrder(await repossessedOrder('INV-T-10'))
    const other = await t.createCompany('Other Invoice Co')
    const otherManager = await t.createUser('manager', other)
    expect((await api('GET', `/${invoice.id}`, undefined, otherManager.cookie)).status).toBe(404)
    expect((await api('POST', `/${invoice.id}/status`, { status: 'sent' }, otherManager.cookie)).status).toBe(404)
    expect(
      (await api('POST', `/${invoice.id}/payments`, { receivedOn: daysAgo(0), amountCents: 1 }, otherManager.cookie))
        .status,
    ).toBe(404)
    expect((await api('GET', '/not-a-uuid')).status).toBe(404)
    const agent = await t.createUser('recovery_agent')
    expect((await api('GET', '/summary', undefined, agent.cookie)).status).toBe(403)
    expect((await api('GET', '?queue=nonsense')).status).toBe(400)
  })
})

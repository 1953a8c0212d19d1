import { describe, expect, it } from 'vitest'
import { createLogger } from '../../lib/logger'
import { syncRdnCases } from '../cases/sync'
import { startInvoiceDrafting } from './drafting-schedule'
import { daysAgo, type InvoiceTestKit, setUpInvoiceKit } from './invoice-test-helpers'

const kitOf = setUpInvoiceKit()
const api = (...args: Parameters<InvoiceTestKit['api']>) => kitOf().api(...args)
const repossessedOrder = (...args: Parameters<InvoiceTestKit['repossessedOrder']>) => kitOf().repossessedOrder(...args)
const invoiceOfOrder = (orderId: string) => kitOf().invoiceOfOrder(orderId)

describe('Invoice Management: a recovery drafts its invoice', () => {
  it('drafts an invoice when an order reaches Repossessed, priced by the card with storage accruing', async () => {
    const orderId = await repossessedOrder('INV-T-1')
    await kitOf().draftQueued()
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
    const timeline = await kitOf()
      .t.db.selectFrom('case_timeline')
      .select(['field', 'new_value'])
      .where('order_id', '=', orderId)
      .where('field', '=', 'invoice')
      .execute()
    expect(timeline).toEqual([{ field: 'invoice', new_value: `${detail.number} Draft` }])
    const audit = await kitOf()
      .t.db.selectFrom('audit_log')
      .select('action')
      .where('target', '=', `invoice:${detail.id}`)
      .execute()
    expect(audit.map((row) => row.action)).toEqual(['invoice.drafted'])
    // Billing on the timeline is for those who may open Invoice Management.
    const agent = await kitOf().t.createUser('recovery_agent')
    const fieldsSeen = async (cookie: string) =>
      (await kitOf().t.request('GET', `/api/timeline/orders/${orderId}`, { cookie })).json.entries.map(
        (entry: { field: string | null }) => entry.field,
      )
    expect(await fieldsSeen(kitOf().manager.cookie)).toContain('invoice')
    expect(await fieldsSeen(agent.cookie)).not.toContain('invoice')
    expect(await fieldsSeen(agent.cookie)).toContain('status')
    // Drafting again never makes a second one.
    await kitOf().draftQueued()
    expect((await api('GET', `/cases/orders/${orderId}`)).json.invoices).toHaveLength(1)
  })

  it('turns a rate that needs approval into a Waiting fee request, and a lender code into a request', async () => {
    const orderId = await repossessedOrder('INV-T-2', { repo_type: 'Impound' })
    await kitOf()
      .t.db.insertInto('order_sub_statuses')
      .values({ company_id: kitOf().t.companyId, case_number: 'INV-T-2', sub_status_code: 'CLOSE_FEE_APPROVED' })
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
    const drafting = await startInvoiceDrafting(kitOf().t.db, createLogger('silent', false), { everyMs: 50 })
    try {
      const orderId = await repossessedOrder('INV-T-SCHEDULE')
      await expect
        .poll(
          async () =>
            (await kitOf().t.db.selectFrom('invoices').select('status').where('order_id', '=', orderId).execute())
              .length,
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
    await syncRdnCases(kitOf().t.db, kitOf().t.companyId, [
      {
        case_id: 9_200_001,
        status: 'Repossessed',
        lender_name: 'WESTLAKE FINANCIAL',
        repo_date: daysAgo(1),
        recovery_state: 'AL',
      },
      { case_id: 9_200_002, status: 'Repossessed', lender_name: 'Nobody Bank', repo_date: daysAgo(1) },
    ])
    await kitOf().draftQueued()
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
      kitOf().t.app.fetch(
        new Request(`http://localhost:3000/api/invoices/fee-requests/${made.json.id}/files`, {
          method: 'POST',
          headers: {
            cookie: kitOf().manager.cookie,
            origin: kitOf().t.config.baseUrl,
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
    const file = await kitOf().t.app.fetch(
      new Request(`http://localhost:3000/api/invoices/fee-requests/${made.json.id}/files/${files[0].id}`, {
        headers: { cookie: kitOf().manager.cookie },
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
    const other = await kitOf().t.createCompany('Other Invoice Co')
    const otherManager = await kitOf().t.createUser('manager', other)
    expect((await api('GET', `/${invoice.id}`, undefined, otherManager.cookie)).status).toBe(404)
    expect((await api('POST', `/${invoice.id}/status`, { status: 'sent' }, otherManager.cookie)).status).toBe(404)
    expect(
      (await api('POST', `/${invoice.id}/payments`, { receivedOn: daysAgo(0), amountCents: 1 }, otherManager.cookie))
        .status,
    ).toBe(404)
    expect((await api('GET', '/not-a-uuid')).status).toBe(404)
    const agent = await kitOf().t.createUser('recovery_agent')
    expect((await api('GET', '/summary', undefined, agent.cookie)).status).toBe(403)
    expect((await api('GET', '?queue=nonsense')).status).toBe(400)
  })
})

import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { syncRdnCases } from '../cases/sync'
import { daysAgo, type InvoiceTestKit, setUpInvoiceKit } from './invoice-test-helpers'

// Invoice Management's edges: money kept, fees approved late, requests asked once, odd cases,
// and the rollups the queues and the aging read.

const kitOf = setUpInvoiceKit()
const api = (...args: Parameters<InvoiceTestKit['api']>) => kitOf().api(...args)
const repossessedOrder = (...args: Parameters<InvoiceTestKit['repossessedOrder']>) => kitOf().repossessedOrder(...args)
const invoiceOfOrder = (orderId: string) => kitOf().invoiceOfOrder(orderId)

describe('Invoice Management: what the review found', () => {
  it('keeps money received: a paid-in-part invoice is not rejected', async () => {
    const invoice = await invoiceOfOrder(await repossessedOrder('INV-R-1'))
    await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    await api('POST', `/${invoice.id}/payments`, { receivedOn: daysAgo(0), amountCents: 1_000 })
    const rejected = await api('POST', `/${invoice.id}/status`, { status: 'rejected', reason: 'Disputed' })
    expect(rejected.status).toBe(409)
    expect(rejected.json.error.message).toBe('Payments are posted to this invoice: mark it Short-paid instead.')
  })

  it('bills a fee approved after the invoice went out on a supplement linked to it', async () => {
    const orderId = await repossessedOrder('INV-R-2')
    const invoice = await invoiceOfOrder(orderId)
    await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    const made = await api('POST', '/fee-requests', { orderId, feeType: 'Keys', amountCents: 7_500 })
    await api('POST', `/fee-requests/${made.json.id}/status`, { status: 'requested' })
    expect((await api('POST', `/fee-requests/${made.json.id}/status`, { status: 'approved' })).status).toBe(200)
    const invoices = (await api('GET', `/cases/orders/${orderId}`)).json.invoices
    expect(invoices.map((row: Record<string, unknown>) => [row.revision, row.status, row.billed_cents])).toEqual([
      [2, 'draft', 7_500],
      [1, 'sent', 42_500],
    ])
    expect(invoices[0].supplements).toBe(invoice.id)
    const detail = (await api('GET', `/${invoices[0].id}`)).json.invoice
    expect(detail.lines.map((line: { fee_name: string }) => line.fee_name)).toEqual(['Keys'])
  })

  it('asks for a rate needing approval once, however often a draft is repriced', async () => {
    const orderId = await repossessedOrder('INV-R-3', { repo_type: 'Impound' })
    const invoice = await invoiceOfOrder(orderId)
    const waiting = (await api('GET', `/fee-requests?status=waiting&orderId=${orderId}`)).json.feeRequests
    expect(waiting).toHaveLength(1)
    await api('POST', `/fee-requests/${waiting[0].id}/status`, { status: 'requested' })
    await api('POST', `/${invoice.id}/reprice`)
    await api('POST', `/${invoice.id}/reprice`)
    const all = (await api('GET', `/fee-requests?status=all&orderId=${orderId}`)).json.feeRequests
    expect(all.map((request: { status: string }) => request.status)).toEqual(['requested'])
  })

  it('drafts a case listing a fee code twice, and a case whose status was empty', async () => {
    await syncRdnCases(kitOf().t.db, kitOf().t.companyId, [
      {
        case_id: 9_300_001,
        status: 'Repossessed',
        lender_name: 'Westlake Financial',
        repo_date: daysAgo(1),
        substatus: 'CLOSE_FEE_APPROVED|CLOSE_FEE_APPROVED',
      },
      { case_id: 9_300_002, lender_name: 'Westlake Financial' },
    ])
    await kitOf().draftQueued()
    const twice = (await api('GET', '/cases/rdn/9300001')).json.invoices[0]
    const fees = (await api('GET', `/${twice.id}`)).json.invoice.lines.map(
      (line: { fee_name: string }) => line.fee_name,
    )
    expect(fees.filter((fee: string) => fee === 'Close Fee')).toHaveLength(1)
    await kitOf()
      .t.db.updateTable('rdn_cases')
      .set({ status: 'Repossessed' })
      .where('case_id', '=', 9_300_002)
      .execute()
    await kitOf().draftQueued()
    expect((await api('GET', '/cases/rdn/9300002')).json.invoices).toHaveLength(1)
  })

  it('refuses to send an invoice that bills nothing', async () => {
    const other = await kitOf()
      .t.db.insertInto('clients')
      .values({ company_id: kitOf().t.companyId, name: 'Zero Rate Credit', client_code: 'ZERO' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const card = await kitOf().t.request('POST', '/api/fees/rate-cards', {
      cookie: kitOf().manager.cookie,
      body: { clientId: other.id },
    })
    await kitOf().t.request('POST', `/api/fees/rate-cards/${card.json.rateCard.id}/versions`, {
      cookie: kitOf().manager.cookie,
      body: {
        effectiveFrom: '2025-01-01',
        rows: [{ feeType: 'Involuntary Repossession', basis: 'flat', amountCents: 0 }],
      },
    })
    const invoice = await invoiceOfOrder(await repossessedOrder('INV-R-5', { client_id: other.id }))
    const send = await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    expect(send.status).toBe(400)
    expect(send.json.error.message).toBe('This invoice bills nothing.')
  })
})

describe('Invoice Management: the rollups the queues and aging read', () => {
  it('keeps the counts and the owed-by-day rollup equal to the invoices themselves, through every change', async () => {
    // A deleted order keeps its invoice (money records stay); a deleted company's go with it.
    const orderId = await repossessedOrder('INV-T-11')
    const invoice = await invoiceOfOrder(orderId)
    await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    await kitOf().t.db.deleteFrom('orders').where('id', '=', orderId).execute()
    const counts = await kitOf()
      .t.db.selectFrom('invoices')
      .select(['company_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['company_id', 'status'])
      .execute()
    const rolled = await kitOf()
      .t.db.selectFrom('invoice_status_counts')
      .selectAll()
      .where('invoices', '<>', 0)
      .execute()
    expect(rolled.map((row) => [row.company_id, row.status, Number(row.invoices)]).sort()).toEqual(
      counts.map((row) => [row.company_id, row.status, Number(row.n)]).sort(),
    )
    const owed = await kitOf()
      .t.db.selectFrom('invoices')
      .select((eb) => [
        'client_id',
        eb.fn.sum<number>(eb('billed_cents', '-', eb.ref('paid_cents'))).as('owed'),
        eb.fn.countAll<number>().as('n'),
      ])
      .where('status', 'in', ['sent', 'lender_pending', 'on_hold', 'approved'])
      .groupBy('client_id')
      .execute()
    const rolledOwed = await kitOf()
      .t.db.selectFrom('invoice_open_days')
      .select((eb) => ['client_key', eb.fn.sum<number>('owed_cents').as('owed'), eb.fn.sum<number>('invoices').as('n')])
      .groupBy('client_key')
      .having((eb) => eb.fn.sum('invoices'), '>', 0)
      .execute()
    expect(rolledOwed.map((row) => [row.client_key, Number(row.owed), Number(row.n)]).sort()).toEqual(
      owed
        .map((row) => [row.client_id ?? '00000000-0000-0000-0000-000000000000', Number(row.owed), Number(row.n)])
        .sort(),
    )
    expect((await api('GET', `/${invoice.id}`)).json.invoice).toMatchObject({
      status: 'sent',
      order_id: null,
      case_label: 'INV-T-11',
    })
  })

  it('empties the rollups with the invoices on a TRUNCATE (which skips delete triggers)', async () => {
    await sql`truncate invoices cascade`.execute(kitOf().t.db)
    expect(await kitOf().t.db.selectFrom('invoice_status_counts').selectAll().execute()).toEqual([])
    expect(await kitOf().t.db.selectFrom('invoice_open_days').selectAll().execute()).toEqual([])
  })
})

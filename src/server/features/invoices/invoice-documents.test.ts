import { describe, expect, it } from 'vitest'
import { pdfText } from '../../test/pdf-text'
import { setUpInvoiceKit } from './invoice-test-helpers'

// Issue 41: an invoice and a statement carry what a lender's accounts payable needs.

const kitOf = setUpInvoiceKit()

const agency = {
  name: 'Gulf Coast Recovery',
  address: '1200 Dauphin St\nMobile, AL 36604',
  phone: '(251) 555-0142',
  remitTo: 'Gulf Coast Recovery LLC\nPO Box 9100\nMobile, AL 36691',
}

async function pdfOf(path: string) {
  const { t, manager } = kitOf()
  const response = await t.app.fetch(
    new Request(`http://localhost:3000/api/invoices${path}`, { headers: { cookie: manager.cookie } }),
  )
  expect(response.headers.get('content-type')).toBe('application/pdf')
  return pdfText(new Uint8Array(await response.arrayBuffer()))
}

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

describe('Invoice and statement documents (issue 41)', () => {
  it('fixes the due date on sending from the client’s payment terms; the account and reference are a draft’s', async () => {
    const { t, api, clientId, manager, repossessedOrder, invoiceOfOrder } = kitOf()
    const terms = await t.request('PATCH', `/api/clients/${clientId}`, {
      cookie: manager.cookie,
      body: { name: 'Westlake Financial', clientCode: 'WEST', paymentTermsDays: 15 },
    })
    expect(terms.status, JSON.stringify(terms.json)).toBe(200)
    const badTerms = await t.request('PATCH', `/api/clients/${clientId}`, {
      cookie: manager.cookie,
      body: { name: 'Westlake Financial', paymentTermsDays: 400 },
    })
    expect(badTerms.status).toBe(400)
    expect(badTerms.json.error.field).toBe('paymentTermsDays')

    const invoice = await invoiceOfOrder(await repossessedOrder('INV-DOC-1'))
    expect(invoice.due_on).toBeNull()
    const set = await api('PUT', `/${invoice.id}/references`, {
      accountNumber: ' LN-0042-7781 ',
      lenderReference: 'WF-REF-19',
    })
    expect(set.status, JSON.stringify(set.json)).toBe(200)
    expect(set.json.invoice).toMatchObject({ account_number: 'LN-0042-7781', lender_reference: 'WF-REF-19' })
    const tooLong = await api('PUT', `/${invoice.id}/references`, { accountNumber: 'x'.repeat(61) })
    expect(tooLong.status).toBe(400)
    expect(tooLong.json.error.field).toBe('accountNumber')

    const sent = await api('POST', `/${invoice.id}/status`, { status: 'sent' })
    expect(sent.status, JSON.stringify(sent.json)).toBe(200)
    const sentOn = sent.json.invoice.sent_on
    expect(sent.json.invoice.due_on).toBe(plusDays(sentOn, 15))
    const fixed = await api('PUT', `/${invoice.id}/references`, { accountNumber: 'OTHER' })
    expect(fixed.status).toBe(409)
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'invoice.references_set')
      .execute()
    expect(audit).toHaveLength(1)
  })

  it('prints the agency, remit-to, dates like Jan 05, 2025, debtor, account and client address on both', async () => {
    const { t, api, clientId, manager, repossessedOrder, invoiceOfOrder } = kitOf()
    const admin = await t.createUser('admin')
    expect((await t.request('PUT', '/api/company/settings', { cookie: admin.cookie, body: agency })).status).toBe(200)
    await t.request('PATCH', `/api/clients/${clientId}`, {
      cookie: manager.cookie,
      body: {
        name: 'Westlake Financial',
        clientCode: 'WEST',
        billingAddress: '4751 Wilshire Blvd\nLos Angeles, CA 90010',
      },
    })
    const invoice = await invoiceOfOrder(await repossessedOrder('INV-DOC-2', { borrower_name: 'Marcus Lee' }))
    await api('PUT', `/${invoice.id}/references`, { accountNumber: 'LN-5550-1212', lenderReference: 'WF-REF-77' })
    expect((await api('POST', `/${invoice.id}/status`, { status: 'sent' })).status).toBe(200)
    // Fixed days, so the document's dates are known.
    await t.db
      .updateTable('invoices')
      // 11:06 PM on Nov 26 in Alabama, the agency's clock (issue 41): not 'Nov 27, 2026 5:06 AM'.
      .set({ sent_on: '2026-11-26', due_on: '2026-12-11', repossessed_at: new Date('2026-11-27T05:06:00Z') })
      .where('id', '=', invoice.id)
      .execute()

    const text = await pdfOf(`/${invoice.id}/pdf`)
    for (const expected of [
      'Nov 26, 2026 11:06 PM',
      'Gulf Coast Recovery',
      '1200 Dauphin St',
      'Mobile, AL 36604',
      'Phone (251) 555-0142',
      'Remit payment to',
      'Gulf Coast Recovery LLC',
      'PO Box 9100',
      'Mobile, AL 36691',
      'Invoice date',
      'Nov 26, 2026',
      'Due date',
      'Dec 11, 2026',
      'Marcus Lee',
      'Account / loan number',
      'LN-5550-1212',
      'WF-REF-77',
      'Westlake Financial',
      '4751 Wilshire Blvd',
      'Los Angeles, CA 90010',
    ]) {
      expect(text).toContain(expected)
    }
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/)

    const statement = await pdfOf(`/aging/${clientId}/statement.pdf`)
    for (const expected of [
      'Gulf Coast Recovery',
      '1200 Dauphin St',
      'Phone (251) 555-0142',
      'PO Box 9100',
      'Statement of account',
      'Westlake Financial',
      '4751 Wilshire Blvd',
      'Los Angeles, CA 90010',
      invoice.number,
      'LN-5550-1212',
      'Marcus Lee',
      'Nov 26, 2026',
      'Dec 11, 2026',
    ]) {
      expect(statement).toContain(expected)
    }
    expect(statement).not.toMatch(/\d{4}-\d{2}-\d{2}/)
  })
})

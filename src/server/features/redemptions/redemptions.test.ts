import { describe, expect, it } from 'vitest'
import { setUpInvoiceKit } from '../invoices/invoice-test-helpers'

// Issue 20: the debtor's redemption quote: only fees the debtor may be charged, storage to today.

const kitOf = setUpInvoiceKit()

describe('vehicle redemption quote', () => {
  it('quotes the fees the debtor may be charged and storage to today; leaves out the rest', async () => {
    const { t, repossessedOrder, invoiceOfOrder } = kitOf()
    const manager = await t.createUser('post_recovery_manager')
    const orderId = await repossessedOrder('RED-1')
    await invoiceOfOrder(orderId)
    const quote = await t.request('GET', `/api/redemptions/cases/orders/${orderId}/quote`, { cookie: manager.cookie })
    expect(quote.status, JSON.stringify(quote.json)).toBe(200)
    expect(quote.json.charges).toEqual([
      { feeType: 'INVOLUNTARY_REPO', name: 'Involuntary Repossession', amountCents: 35_000 },
    ])
    expect(quote.json.storage.days).toBeGreaterThanOrEqual(5)
    expect(quote.json.storage.amountCents).toBe((quote.json.storage.days - 2) * 2_500)
    expect(quote.json.totalCents).toBe(35_000 + quote.json.storage.amountCents)
    expect(quote.json.case).toMatchObject({ label: 'RED-1', state: 'AL' })

    // A fee the state forbids passing on is the lender's alone.
    await t.db
      .updateTable('invoice_lines')
      .set({ debtor_billable: false })
      .where('fee_type', '=', 'INVOLUNTARY_REPO')
      .where('company_id', '=', t.companyId)
      .execute()
    const again = (await t.request('GET', `/api/redemptions/cases/orders/${orderId}/quote`, { cookie: manager.cookie }))
      .json
    expect(again.charges).toEqual([])
    expect(again.excluded).toEqual([
      { feeType: 'INVOLUNTARY_REPO', name: 'Involuntary Repossession', amountCents: 35_000 },
    ])
  })

  it('refuses a case not repossessed, and those who do not redeem vehicles', async () => {
    const { t, clientId } = kitOf()
    const manager = await t.createUser('post_recovery_manager')
    const open = await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: 'RED-OPEN', client_id: clientId, status: 'Open' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const refused = await t.request('GET', `/api/redemptions/cases/orders/${open.id}/quote`, { cookie: manager.cookie })
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe('A redemption quote is given only for a repossessed vehicle.')
    const driver = await t.createUser('camera_driver')
    expect(
      (await t.request('GET', `/api/redemptions/cases/orders/${open.id}/quote`, { cookie: driver.cookie })).status,
    ).toBe(403)
    expect((await t.request('GET', '/api/redemptions/cases/rdn/abc/quote', { cookie: manager.cookie })).status).toBe(
      404,
    )
  })
})

import { describe, expect, it } from 'vitest'
import { setUpInvoiceKit } from '../invoices/invoice-test-helpers'

// Issue 20: 'Authorized to Release' / 'Authorized to Transport', then the hand-over against an ID:
// once per vehicle, after the lender's word where its client requires it; storage stops as it leaves.

const kitOf = setUpInvoiceKit()
// A real 1x1 PNG, as a canvas would give.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

describe('vehicle release and transport', () => {
  it('authorizes once, hands over once (of two at once, one), and stops storage', async () => {
    const { t, repossessedOrder, invoiceOfOrder } = kitOf()
    const manager = await t.createUser('post_recovery_manager')
    const api = (method: string, path: string, body?: unknown) =>
      t.request(method, `/api/redemptions${path}`, { cookie: manager.cookie, body })
    const orderId = await repossessedOrder('REL-1')
    await invoiceOfOrder(orderId)
    const authorized = await api('POST', `/cases/orders/${orderId}/releases`, { kind: 'release' })
    expect(authorized.status, JSON.stringify(authorized.json)).toBe(201)
    const [release] = authorized.json.releases
    expect(release).toMatchObject({ kind: 'release', label: 'Authorized to Release', status: 'authorized' })
    expect(authorized.json.case).toMatchObject({ label: 'REL-1', recovered: true, debtorName: 'Dana Debtor' })
    const twice = await api('POST', `/cases/orders/${orderId}/releases`, { kind: 'transport', vendorId: null })
    expect(twice.status).toBe(400)
    const again = await api('POST', `/cases/orders/${orderId}/releases`, { kind: 'release' })
    expect(again.status).toBe(409)
    expect(again.json.error.message).toBe('This vehicle is already authorized to leave the lot.')

    const handOver = { releasedTo: 'Dana Debtor', idType: "Driver's license", idLast4: '1234' }
    const unsigned = await api('POST', `/releases/${release.id}/complete`, handOver)
    expect(unsigned.status).toBe(409)
    expect(unsigned.json.error.message).toBe('The release must be signed before the vehicle is handed over.')
    const sent = await api('POST', `/releases/${release.id}/signature`, { name: 'Dana Debtor', email: '' })
    expect(sent.status, JSON.stringify(sent.json)).toBe(201)
    const token = new URL(sent.json.link).pathname.split('/').pop() as string
    const shown = await t.request('GET', `/api/public/signatures/${token}`)
    expect(shown.json.document).toMatchObject({ type: 'Vehicle Release', category: 'Release' })
    expect(shown.json.document.body).toMatch(/^I, Dana Debtor, take the .* from /)
    const signed = await t.request('POST', `/api/public/signatures/${token}`, {
      body: { signerName: 'Dana Debtor', notes: null, signatureImage: PNG },
    })
    expect(signed.status, JSON.stringify(signed.json)).toBe(200)
    const listed = (await api('GET', `/cases/orders/${orderId}/releases`)).json.releases[0]
    expect(listed.signature).toMatchObject({ status: 'signed', signerName: 'Dana Debtor' })
    expect((await api('POST', `/releases/${release.id}/signature`, { name: 'Dana Debtor' })).status).toBe(409)
    const results = await Promise.all([
      api('POST', `/releases/${release.id}/complete`, handOver),
      api('POST', `/releases/${release.id}/complete`, handOver),
    ])
    expect(results.map((result) => result.status).sort()).toEqual([200, 409])
    const done = results.find((result) => result.status === 200)?.json.releases[0]
    expect(done).toMatchObject({ status: 'completed', releasedTo: 'Dana Debtor', idLast4: '1234' })
    const invoice = await invoiceOfOrder(orderId)
    expect(invoice.storage_stop_event).toBe('release')
    const quote = (await api('GET', `/cases/orders/${orderId}/quote`)).json
    const later = (await api('GET', `/cases/orders/${orderId}/quote`)).json
    expect(later.storage).toEqual(quote.storage)
    expect((await api('POST', `/releases/${release.id}/complete`, { ...handOver, idLast4: '12' })).status).toBe(400)
  })

  it("needs the lender's authorization where the client asks for it, and a transport vendor for a transport", async () => {
    const { t, clientId, repossessedOrder } = kitOf()
    const manager = await t.createUser('post_recovery_manager')
    const api = (method: string, path: string, body?: unknown) =>
      t.request(method, `/api/redemptions${path}`, { cookie: manager.cookie, body })
    await t.db
      .updateTable('clients')
      .set({ release_needs_lender_authorization: true })
      .where('id', '=', clientId)
      .execute()
    const orderId = await repossessedOrder('REL-2')
    const refused = await api('POST', `/cases/orders/${orderId}/releases`, { kind: 'release' })
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe(
      "This client requires the lender's authorization to release: give its reference.",
    )
    const vendor = (type: string) =>
      t.db
        .insertInto('vendors')
        .values({ company_id: t.companyId, name: `${type} vendor`, type })
        .returning('id')
        .executeTakeFirstOrThrow()
    const locksmith = await vendor('locksmith')
    expect(
      (await api('POST', `/cases/orders/${orderId}/releases`, { kind: 'transport', vendorId: locksmith.id })).status,
    ).toBe(400)
    const auction = await vendor('auction')
    const transport = await api('POST', `/cases/orders/${orderId}/releases`, {
      kind: 'transport',
      vendorId: auction.id,
    })
    expect(transport.status, JSON.stringify(transport.json)).toBe(201)
    expect(transport.json.releases[0]).toMatchObject({ label: 'Authorized to Transport', vendorName: 'auction vendor' })

    const open = await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: 'REL-OPEN', client_id: clientId, status: 'Open' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const early = await api('POST', `/cases/orders/${open.id}/releases`, {
      kind: 'release',
      lenderAuthorization: 'Email 11/20',
    })
    expect(early.status).toBe(409)
    expect(early.json.error.message).toBe('Only a recovered vehicle can be released or transported.')
  })
})

import { describe, expect, it } from 'vitest'
import { setUpInvoiceKit } from '../invoices/invoice-test-helpers'
import { indexQueuedOrders } from '../search/order-search-indexer'

// Issue 20: the Vehicle Redemptions screen's list: the company's recovered vehicles, orders and RDN
// cases, each with where its release stands; searched, filtered by that state, a page at a time.

const kitOf = setUpInvoiceKit()
// A real 1x1 PNG, as a canvas would give.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const HAND_OVER = { releasedTo: 'Dana Debtor', idType: "Driver's license", idLast4: '1234' }

describe('the Vehicle Redemptions list', () => {
  it('lists only the company’s recovered vehicles, each in its release state, searched and filtered', async () => {
    const { t, repossessedOrder, clientId } = kitOf()
    const manager = await t.createUser('post_recovery_manager')
    const api = (method: string, path: string, body?: unknown) =>
      t.request(method, `/api/redemptions${path}`, { cookie: manager.cookie, body })
    const authorize = async (orderId: string, body: unknown) => {
      const response = await api('POST', `/cases/orders/${orderId}/releases`, body)
      expect(response.status, JSON.stringify(response.json)).toBe(201)
      return response.json.releases[0].id as string
    }
    const sign = async (releaseId: string) => {
      const sent = await api('POST', `/releases/${releaseId}/signature`, { name: 'Dana Debtor' })
      expect(sent.status, JSON.stringify(sent.json)).toBe(201)
      return new URL(sent.json.link).pathname.split('/').pop() as string
    }

    await repossessedOrder('LST-NONE', { vin: '1FTFW1ET5DFC10312', borrower_name: 'Nora None' })
    const auction = await t.db
      .insertInto('vendors')
      .values({ company_id: t.companyId, name: 'Lakeside Auction', type: 'auction' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await authorize(await repossessedOrder('LST-MOVE'), { kind: 'transport', vendorId: auction.id })
    await sign(await authorize(await repossessedOrder('LST-WAIT'), { kind: 'release' }))
    const signedToken = await sign(await authorize(await repossessedOrder('LST-SIGNED'), { kind: 'release' }))
    const doneId = await authorize(await repossessedOrder('LST-DONE'), { kind: 'release' })
    for (const token of [signedToken, await sign(doneId)]) {
      const signed = await t.request('POST', `/api/public/signatures/${token}`, {
        body: { signerName: 'Dana Debtor', notes: null, signatureImage: PNG },
      })
      expect(signed.status, JSON.stringify(signed.json)).toBe(200)
    }
    expect((await api('POST', `/releases/${doneId}/complete`, HAND_OVER)).status).toBe(200)
    await t.db
      .insertInto('rdn_cases')
      .values({
        company_id: t.companyId,
        case_id: 770_001,
        case_number: 'LST-RDN',
        status: 'Repossessed',
        repo_date: '2026-01-05',
        vin: '2T1BURHE0JC043821',
        year: 2018,
        make: 'Toyota',
        model: 'Corolla',
        debtor_name: 'Rita Rdn',
        lender_name: 'Ally Financial',
      })
      .execute()
    await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: 'LST-OPEN', client_id: clientId, status: 'Open' })
      .execute()
    const other = await t.createCompany('Other Lot Co')
    await t.db
      .insertInto('orders')
      .values({ company_id: other, order_number: 'LST-OTHER', status: 'Repossessed', recovery_date: '2026-01-02' })
      .execute()

    const listed = await api('GET', '?q=LST-')
    expect(listed.status, JSON.stringify(listed.json)).toBe(200)
    const states = Object.fromEntries(
      listed.json.vehicles.map((vehicle: { label: string; state: string }) => [vehicle.label, vehicle.state]),
    )
    expect(states).toEqual({
      'LST-NONE': 'none',
      'LST-MOVE': 'authorized',
      'LST-WAIT': 'waiting',
      'LST-SIGNED': 'signed',
      'LST-DONE': 'released',
      'LST-RDN': 'none',
    })
    expect(listed.json.total).toBe(6)
    const rdn = listed.json.vehicles.find((vehicle: { label: string }) => vehicle.label === 'LST-RDN')
    expect(rdn).toMatchObject({
      target: { subject: 'case', caseId: '770001' },
      vehicle: '2018 Toyota Corolla',
      debtor: 'Rita Rdn',
      client: 'Ally Financial',
      recoveredOn: '2026-01-05',
      release: null,
    })
    const move = listed.json.vehicles.find((vehicle: { label: string }) => vehicle.label === 'LST-MOVE')
    expect(move.release).toMatchObject({ kind: 'transport', vendorName: 'Lakeside Auction', signature: null })
    const signed = listed.json.vehicles.find((vehicle: { label: string }) => vehicle.label === 'LST-SIGNED')
    expect(signed.release.signature).toMatchObject({ status: 'signed', signerName: 'Dana Debtor' })
    expect(signed).toMatchObject({ vehicle: '2019 Honda Accord', debtor: 'Dana Debtor', client: 'Westlake Financial' })

    const labels = async (query: string) =>
      (await api('GET', `?${query}`)).json.vehicles.map((vehicle: { label: string }) => vehicle.label)
    expect(await labels('q=LST-&status=waiting')).toEqual(['LST-WAIT'])
    expect(await labels('q=LST-&status=released')).toEqual(['LST-DONE'])
    expect(await labels('q=lst-&status=none')).toEqual(expect.arrayContaining(['LST-NONE', 'LST-RDN']))
    expect(await labels('q=dfc10312')).toEqual(['LST-NONE'])
    expect(await labels('q=rita')).toEqual(['LST-RDN'])
    expect(await labels('q=LST-OTHER')).toEqual([])
    expect(await labels('q=LST-OPEN')).toEqual([])
    // Orders are found through the orders' search index once the indexer has them, as before it.
    while ((await indexQueuedOrders(t.db)) > 0) {}
    expect(await t.db.selectFrom('order_search_pending').select('order_id').execute()).toEqual([])
    expect(await labels('q=dfc10312')).toEqual(['LST-NONE'])
    expect(await labels('q=nora')).toEqual(['LST-NONE'])
    expect(await labels('q=LST-&status=released')).toEqual(['LST-DONE'])
    expect(await labels('q=LST-OTHER')).toEqual([])
    const page = await api('GET', '?q=LST-&limit=2')
    expect(page.json.vehicles).toHaveLength(2)
    expect(page.json.total).toBe(6)
  })

  it('refuses a role without the screen, and a bad query', async () => {
    const { t } = kitOf()
    const manager = await t.createUser('post_recovery_manager')
    for (const role of ['transport_manager', 'camera_driver', 'lot_manager']) {
      const user = await t.createUser(role)
      expect((await t.request('GET', '/api/redemptions', { cookie: user.cookie })).status, role).toBe(403)
    }
    for (const query of ['status=gone', 'limit=0', 'limit=abc', `q=${'x'.repeat(101)}`]) {
      const refused = await t.request('GET', `/api/redemptions?${query}`, { cookie: manager.cookie })
      expect(refused.status, query).toBe(400)
      expect(refused.json.error.message).toMatch(/^(status|limit|q): /)
    }
    const vendors = await t.request('GET', '/api/redemptions/transport-vendors', { cookie: manager.cookie })
    expect(vendors.status).toBe(200)
    expect(
      vendors.json.vendors.every((vendor: { type: string }) => ['auction', 'transporter'].includes(vendor.type)),
    ).toBe(true)
  })
})

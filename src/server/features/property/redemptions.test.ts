import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { pdfText } from '../../test/pdf-text'

// Issue 20: held property given back in parts against a signed release and an ID (an item leaves
// once), pickups booked, a notice sent with its proof, disposal only after the hold with that
// notice, and the company's own hold rules.

// A real 1x1 PNG, as a canvas would give.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
let lot: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('post_recovery_manager')
  lot = await t.createUser('lot_manager')
})
afterAll(() => t?.close())

const api = (method: string, path: string, body?: unknown, cookie = manager.cookie) =>
  t.request(method, `/api/property${path}`, { cookie, body })

/** A repossessed order with two items inventoried; its inventory and item ids. */
async function heldProperty(number: string, recoveryDate: string, state = 'CA') {
  const order = await t.db
    .insertInto('orders')
    .values({
      company_id: t.companyId,
      order_number: number,
      status: 'Repossessed',
      recovery_date: recoveryDate,
      recovery_state: state,
      borrower_name: 'Dana Debtor',
      borrower_address: '12 Elm St',
      borrower_city: 'Fresno',
      borrower_state: state,
      borrower_zip: '93701',
      year: 2019,
      make: 'Honda',
      model: 'Accord',
      vin: '1HGCV1F34KA000001',
      detected_market: 'Fresno',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const taken = await api('POST', `/cases/orders/${order.id}`, {
    items: [
      { category: 'Electronics', description: 'Laptop', containerLabel: '1 of 2' },
      { category: 'Child safety seat', description: 'Car seat' },
    ],
  })
  expect(taken.status, JSON.stringify(taken.json)).toBe(201)
  return {
    orderId: order.id,
    inventoryId: taken.json.inventory.id as string,
    itemIds: taken.json.items.map((item: { id: string }) => item.id) as string[],
  }
}

async function sign(link: string, signerName = 'Dana Debtor') {
  const token = new URL(link).pathname.split('/').pop() as string
  const shown = await t.request('GET', `/api/public/signatures/${token}`)
  const signed = await t.request('POST', `/api/public/signatures/${token}`, {
    body: { signerName, notes: null, signatureImage: PNG },
  })
  expect(signed.status, JSON.stringify(signed.json)).toBe(200)
  return shown.json.document
}

async function proofFile() {
  const response = await t.app.fetch(
    new Request('http://localhost:3000/api/files', {
      method: 'POST',
      headers: {
        cookie: manager.cookie,
        origin: 'http://localhost:3000',
        'content-type': 'application/octet-stream',
        'x-file-name': 'certified-mail-receipt.pdf',
      },
      body: new TextEncoder().encode('%PDF-1.4 receipt'),
    }),
  )
  expect(response.status).toBe(201)
  return ((await response.json()) as { file: { id: string } }).file.id
}

const timeline = async (orderId: string) =>
  (
    await t.db
      .selectFrom('case_timeline')
      .select('new_value')
      .where('order_id', '=', orderId)
      .where('field', '=', 'property_inventory')
      .orderBy('created_at')
      .execute()
  ).map((row) => row.new_value)

describe('property redemptions', () => {
  it('gives one of two items back against a signed release and an ID, once', async () => {
    const { orderId, inventoryId, itemIds } = await heldProperty('PR-1', '2026-11-10')
    const byLot = await api(
      'POST',
      `/inventories/${inventoryId}/releases`,
      { itemIds, signer: { name: 'x y' } },
      lot.cookie,
    )
    expect(byLot.status).toBe(403)
    const started = await api('POST', `/inventories/${inventoryId}/releases`, {
      itemIds: [itemIds[0]],
      signer: { name: 'Dana Debtor', email: 'dana@example.com' },
    })
    expect(started.status, JSON.stringify(started.json)).toBe(201)
    const release = started.json.property.releases[0]
    expect(release).toMatchObject({ kind: 'release', status: 'pending', signature: { status: 'waiting' } })
    const handOver = { releasedTo: 'Dana Debtor', idType: 'State ID', idLast4: '9876' }
    const early = await api('POST', `/releases/${release.id}/complete`, handOver)
    expect(early.status).toBe(409)
    expect(early.json.error.message).toBe('The release must be signed before the property is handed over.')
    const document = await sign(started.json.link)
    expect(document).toMatchObject({ type: 'Property Release', category: 'Release' })
    expect(document.body).toContain('Laptop')
    expect(document.body).not.toContain('Car seat')
    const outbox = await t.db.selectFrom('outbox').select(['to_address']).execute()
    expect(outbox.map((mail) => mail.to_address)).toContain('dana@example.com')

    const results = await Promise.all([
      api('POST', `/releases/${release.id}/complete`, handOver),
      api('POST', `/releases/${release.id}/complete`, handOver),
    ])
    expect(results.map((result) => result.status).sort()).toEqual([200, 409])
    const done = (results.find((result) => result.status === 200) ?? results[0]).json
    expect(done.items.map((item: { status: string }) => item.status)).toEqual(['released', 'held'])
    expect(done.releases[0]).toMatchObject({ status: 'completed', releasedTo: 'Dana Debtor', idLast4: '9876' })
    const again = await api('POST', `/inventories/${inventoryId}/releases`, {
      itemIds,
      signer: { name: 'Dana Debtor' },
    })
    expect(again.status).toBe(409)
    expect(again.json.error.message).toBe('Some of these items are no longer held.')
    expect(await timeline(orderId)).toEqual([
      'Personal property inventoried: 2 items, held until Jan 09, 2027',
      'Property release sent to Dana Debtor to sign: Laptop',
      'Property released to Dana Debtor (State ID ending 9876): Laptop',
    ])
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'property.%').execute()
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['property.release_started', 'property.released']),
    )
  })

  it('books a pickup and marks it kept once; refuses a bad time', async () => {
    const { inventoryId } = await heldProperty('PR-2', '2026-11-10')
    const bad = await api(
      'POST',
      `/inventories/${inventoryId}/appointments`,
      { startsAt: 'tomorrow', personName: 'Dana' },
      lot.cookie,
    )
    expect(bad.status).toBe(400)
    const booked = await api(
      'POST',
      `/inventories/${inventoryId}/appointments`,
      { startsAt: '2026-12-01T15:30:00Z', personName: 'Dana Debtor', phone: '555-0100' },
      lot.cookie,
    )
    expect(booked.status, JSON.stringify(booked.json)).toBe(201)
    const [appointment] = booked.json.appointments
    expect(appointment).toMatchObject({
      personName: 'Dana Debtor',
      status: 'scheduled',
      startsAt: '2026-12-01T15:30:00.000Z',
    })
    expect((await api('POST', `/appointments/${appointment.id}/status`, { status: 'kept' })).status).toBe(200)
    expect((await api('POST', `/appointments/${appointment.id}/status`, { status: 'cancelled' })).status).toBe(409)
  })

  it('writes the notice letter without the lot address, records the notice with proof, and disposes only after the hold', async () => {
    await t.db
      .insertInto('market_lots')
      .values({
        company_id: t.companyId,
        market: 'Fresno',
        name: 'Fresno lot',
        address: '999 Secret Yard Rd',
        latitude: 36.7,
        longitude: -119.8,
      })
      .execute()
    const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
    const recent = await heldProperty('PR-3', daysFromToday(-4))
    const old = await heldProperty('PR-4', '2026-08-01')
    expect((await api('PUT', '/settings', {})).status).toBe(400)
    const settings = await api('PUT', '/settings', { contact: 'Call (555) 010-2000' })
    expect(settings.json).toMatchObject({ contact: 'Call (555) 010-2000', requireTwoPersonInventory: false })
    const letter = await t.app.fetch(
      new Request(`http://localhost:3000/api/property/inventories/${old.inventoryId}/notice-letter.pdf`, {
        headers: { cookie: manager.cookie },
      }),
    )
    expect(letter.status).toBe(200)
    expect(letter.headers.get('content-type')).toBe('application/pdf')
    const text = pdfText(new Uint8Array(await letter.arrayBuffer()))
    expect(text).toContain('Dana Debtor')
    expect(text).toContain('Laptop (container 1 of 2)')
    expect(text).toContain('Call (555) 010-2000')
    expect(text).not.toContain('Secret Yard')

    const dispose = (inventoryId: string, noticeId: string, itemIds: string[]) =>
      api('POST', `/inventories/${inventoryId}/disposals`, { itemIds, method: 'Donated', noticeId })
    const noNotice = await dispose(old.inventoryId, crypto.randomUUID(), old.itemIds)
    expect(noNotice.status).toBe(409)
    expect(noNotice.json.error.message).toBe('Choose a notice sent for this property.')
    // About the notice chosen: the reason stands beside that field.
    expect(noNotice.json.error.field).toBe('noticeId')
    const proofFileId = await proofFile()
    const future = await api('POST', `/inventories/${old.inventoryId}/notices`, {
      sentOn: '2099-01-01',
      method: 'Certified mail',
      proofFileId,
    })
    expect(future.status).toBe(400)
    const noticed = await api('POST', `/inventories/${old.inventoryId}/notices`, {
      sentOn: '2026-08-05',
      method: 'Certified mail',
      proofFileId,
    })
    expect(noticed.status, JSON.stringify(noticed.json)).toBe(201)
    expect(noticed.json.canDispose).toBe(true)
    const [notice] = noticed.json.notices
    expect(notice).toMatchObject({ sentOn: '2026-08-05', method: 'Certified mail', proofFileId })
    const disposed = await dispose(old.inventoryId, notice.id, [old.itemIds[1]])
    expect(disposed.status, JSON.stringify(disposed.json)).toBe(201)
    expect(disposed.json.items.map((item: { status: string }) => item.status)).toEqual(['held', 'disposed'])

    const recentNotice = await api('POST', `/inventories/${recent.inventoryId}/notices`, {
      sentOn: daysFromToday(-3),
      method: 'Email',
      proofFileId,
    })
    const held = await dispose(recent.inventoryId, recentNotice.json.notices[0].id, recent.itemIds)
    expect(held.status).toBe(409)
    expect(held.json.error.message).toMatch(
      /^Property is held until [A-Z][a-z]{2} \d{2}, \d{4}: it cannot be disposed of before\.$/,
    )
    expect(held.json.error.field).toBeUndefined()

    const list = await api('GET', '?stage=ready')
    expect(list.status).toBe(200)
    expect(list.json.inventories.map((row: { caseLabel: string }) => row.caseLabel)).toEqual(['PR-4'])
    expect(list.json.inventories[0]).toMatchObject({ heldItems: 1, totalItems: 2, stage: 'ready to dispose' })
    const found = await api('GET', '?q=pr-3')
    expect(found.json.inventories.map((row: { caseLabel: string }) => row.caseLabel)).toEqual(['PR-3'])
    expect((await api('GET', '?stage=soon')).status).toBe(400)
  })

  it("keeps a company's own hold rule for a state, for inventories taken after it", async () => {
    expect((await api('PUT', '/rules/CA', { holdDays: 45, noticeDays: 10 }, lot.cookie)).status).toBe(403)
    expect((await api('PUT', '/rules/CA', { holdDays: 5, noticeDays: 10 })).status).toBe(400)
    expect((await api('PUT', '/rules/California', { holdDays: 45, noticeDays: 10 })).status).toBe(400)
    const set = await api('PUT', '/rules/ca', { holdDays: 45, noticeDays: 7 })
    expect(set.status, JSON.stringify(set.json)).toBe(200)
    expect(set.json.rules).toContainEqual({ state: 'CA', holdDays: 45, noticeDays: 7, source: 'company' })
    const { orderId } = await heldProperty('PR-5', '2026-11-01')
    const property = await api('GET', `/cases/orders/${orderId}`)
    expect(property.json.inventory).toMatchObject({ holdUntil: '2026-12-16', noticeDue: '2026-11-08' })
    expect(property.json.rule).toEqual({ holdDays: 45, noticeDays: 7, source: 'company' })
    const twoPeople = await api('PUT', '/settings', { requireTwoPersonInventory: true })
    expect(twoPeople.json).toMatchObject({ requireTwoPersonInventory: true, contact: 'Call (555) 010-2000' })
    expect((await api('PUT', '/settings', { requireTwoPersonInventory: 'yes' })).status).toBe(400)
    await api('PUT', '/settings', { requireTwoPersonInventory: false })
    const cleared = await api('DELETE', '/rules/CA')
    expect(cleared.json.rules).toContainEqual({ state: 'CA', holdDays: 60, noticeDays: 10, source: 'state' })
  })
})

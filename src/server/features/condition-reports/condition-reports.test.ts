import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PHOTO_SLOTS } from '../../../domain/condition/report'
import { createTestApp, type TestApp } from '../../test/harness'
import { draftQueuedInvoices } from '../invoices/drafting'

// Issue 20: a lot manager's condition report of a recovered order, with photos; accepted, it is
// locked, and a change is an amendment (the next version).

let t: TestApp
let lot: Awaited<ReturnType<TestApp['createUser']>>
let orderId: string
let openOrderId: string
beforeAll(async () => {
  t = await createTestApp()
  lot = await t.createUser('lot_manager')
  const order = (order_number: string, status: string) =>
    t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number, case_number: order_number, status })
      .returning('id')
      .executeTakeFirstOrThrow()
  orderId = (await order('CR-1', 'Repossessed')).id
  openOrderId = (await order('CR-2', 'Open')).id
})
afterAll(() => t?.close())

const api = (method: string, path: string, body?: unknown, cookie = lot.cookie) =>
  t.request(method, `/api/condition-reports${path}`, { cookie, body })

let shade = 0
/** A distinct little photo each time (the same bytes would be one file). */
async function photo(cookie = lot.cookie) {
  shade += 1
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 80, b: 120 } } })
    .jpeg()
    .toBuffer()
  const response = await t.app.fetch(
    new Request('http://localhost:3000/api/files', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost:3000' },
      body: new Uint8Array(bytes),
    }),
  )
  return ((await response.json()) as { file: { id: string } }).file.id
}

describe('condition reports', () => {
  it('is taken only once the vehicle is recovered, by those who handle it', async () => {
    const early = await api('POST', `/cases/orders/${openOrderId}`)
    expect(early.status).toBe(409)
    expect(early.json.error.message).toBe('A condition report is taken once the vehicle is recovered.')
    const driver = await t.createUser('camera_driver')
    expect((await api('GET', `/cases/orders/${orderId}`, undefined, driver.cookie)).status).toBe(403)
    expect((await api('GET', '/cases/orders/00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })

  it('accepts a complete report, then keeps it locked; an amendment is the next version', async () => {
    const started = await api('POST', `/cases/orders/${orderId}`)
    expect(started.status, JSON.stringify(started.json)).toBe(201)
    expect(started.json.requiredSlots.map((slot: { slot: string }) => slot.slot)).toEqual([...DEFAULT_PHOTO_SLOTS])
    const [draft] = started.json.reports
    expect(draft).toMatchObject({ version: 1, status: 'draft', photos: [] })
    // Starting again (a double tap) keeps the one draft.
    expect((await api('POST', `/cases/orders/${orderId}`)).json.reports).toHaveLength(1)

    const incomplete = await api('POST', `/${draft.id}/accept`)
    expect(incomplete.status).toBe(400)
    expect(incomplete.json.error.message).toContain('Take the photos still missing: Front left corner')
    expect(incomplete.json.error.message).toContain('Read the odometer.')
    // Each reason names its field, for the form to show it beside that field.
    expect(incomplete.json.error.field).toBe('photos')
    expect(incomplete.json.error.problems.map((problem: { field: string }) => problem.field)).toEqual([
      'photos',
      'odometer',
      'keysPresent',
      'drivable',
    ])

    const photos = []
    for (const slot of DEFAULT_PHOTO_SLOTS) photos.push({ slot, fileId: await photo() })
    const damagePhoto = await photo()
    const form = {
      odometer: 84_211,
      keysPresent: true,
      keyType: 'Smart key',
      drivable: false,
      notes: 'Flat front tyre',
      photos,
      damages: [{ area: 'Rear bumper', description: 'Scratch, 6 in', fileId: damagePhoto }],
    }
    expect((await api('PUT', `/${draft.id}`, { ...form, keyType: null })).status).toBe(200)
    const noKeyType = await api('POST', `/${draft.id}/accept`)
    expect(noKeyType.status).toBe(400)
    expect(noKeyType.json.error).toMatchObject({
      field: 'keyType',
      message: 'Say what kind of key came with it.',
      problems: [{ field: 'keyType', message: 'Say what kind of key came with it.' }],
    })
    const saved = await api('PUT', `/${draft.id}`, form)
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    expect(saved.json.reports[0].photos[0]).toMatchObject({ slot: 'front_left', label: 'Front left corner' })
    expect(saved.json.reports[0].photos[0].file.thumbnailUrl).toMatch(/^\/api\/files\/.+\/thumbnail$/)

    const accepted = await api('POST', `/${draft.id}/accept`)
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200)
    expect(accepted.json.reports[0]).toMatchObject({
      status: 'accepted',
      acceptedBy: 'Test lot_manager',
      odometer: 84_211,
    })
    const locked = await api('PUT', `/${draft.id}`, { ...form, odometer: 1 })
    expect(locked.status).toBe(409)
    await expect(sql`update condition_reports set odometer = 1 where id = ${draft.id}`.execute(t.db)).rejects.toThrow(
      /never changes/,
    )

    const amended = await api('POST', `/cases/orders/${orderId}`)
    expect(
      amended.json.reports.map((report: { version: number; status: string }) => [report.version, report.status]),
    ).toEqual([
      [2, 'draft'],
      [1, 'accepted'],
    ])
    expect(amended.json.reports[0]).toMatchObject({ odometer: 84_211, keyType: 'Smart key' })
    expect(amended.json.reports[0].photos).toHaveLength(DEFAULT_PHOTO_SLOTS.length)

    const timeline = await t.db
      .selectFrom('case_timeline')
      .select('new_value')
      .where('order_id', '=', orderId)
      .where('field', '=', 'condition_report')
      .orderBy('id')
      .execute()
    expect(timeline.map((row) => row.new_value)).toEqual([
      'Started',
      'Version 1 accepted',
      'Version 2 started, amending version 1',
    ])
    // The lot manager reads them on the case's Notes & History (money events stay with Invoice people).
    const page = await t.request('GET', `/api/timeline/orders/${orderId}`, { cookie: lot.cookie })
    expect(page.status).toBe(200)
    expect(JSON.stringify(page.json)).toContain('Version 1 accepted')
  })

  it("refuses another company's photo and a bad form", async () => {
    const other = await t.createUser('lot_manager', await t.createCompany('Other Lot'))
    const theirs = await photo(other.cookie)
    const [draft] = (await api('GET', `/cases/orders/${orderId}`)).json.reports
    const stranger = await api('PUT', `/${draft.id}`, { photos: [{ slot: 'vin', fileId: theirs }] })
    expect(stranger.status).toBe(400)
    expect(stranger.json.error.message).toBe('Each photo must be one uploaded here.')
    expect((await api('PUT', `/${draft.id}`, { odometer: -5 })).status).toBe(400)
  })
  it("adds the client's 'Condition Report and Photos' fee when it pays for one, once", async () => {
    const manager = await t.createUser('manager')
    const client = await t.db
      .insertInto('clients')
      .values({ company_id: t.companyId, name: 'Photo Paying Bank', client_code: 'PPB' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const card = await t.request('POST', '/api/fees/rate-cards', {
      cookie: manager.cookie,
      body: { clientId: client.id },
    })
    const version = await t.request('POST', `/api/fees/rate-cards/${card.json.rateCard.id}/versions`, {
      cookie: manager.cookie,
      body: {
        effectiveFrom: '2025-01-01',
        rows: [
          { feeType: 'Involuntary Repossession', basis: 'flat', amountCents: 35_000 },
          { feeType: 'Condition Report and Photos', basis: 'flat', amountCents: 4_500 },
        ],
      },
    })
    expect(version.status, JSON.stringify(version.json)).toBe(201)
    const { id: paid } = await t.db
      .insertInto('orders')
      .values({
        company_id: t.companyId,
        order_number: 'CR-PAID',
        case_number: 'CR-PAID',
        client_id: client.id,
        status: 'Open',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db
      .updateTable('orders')
      .set({ status: 'Repossessed', recovery_date: '2026-11-20' })
      .where('id', '=', paid)
      .execute()
    const [draft] = (await api('POST', `/cases/orders/${paid}`)).json.reports
    const photos = []
    for (const slot of DEFAULT_PHOTO_SLOTS) photos.push({ slot, fileId: await photo() })
    const form = { odometer: 12, keysPresent: false, drivable: true, photos }
    expect((await api('PUT', `/${draft.id}`, form)).status).toBe(200)
    expect((await api('POST', `/${draft.id}/accept`)).status).toBe(200)
    const feeLines = async () => {
      // What the server's background drafting does once woken (issue 42: never inside a read).
      await draftQueuedInvoices(t.db, t.companyId)
      const invoices = await t.request('GET', `/api/invoices/cases/orders/${paid}`, { cookie: manager.cookie })
      const details = await Promise.all(
        invoices.json.invoices.map(
          async (invoice: { id: string }) =>
            (await t.request('GET', `/api/invoices/${invoice.id}`, { cookie: manager.cookie })).json.invoice,
        ),
      )
      return details.flatMap((invoice: { lines: Array<{ fee_type: string; billed_cents: number }> }) =>
        invoice.lines.filter((line) => line.fee_type === 'CONDITION_REPORT').map((line) => line.billed_cents),
      )
    }
    expect(await feeLines()).toEqual([4_500])
    // An amendment accepted later does not bill it again.
    const [amendment] = (await api('POST', `/cases/orders/${paid}`)).json.reports
    expect((await api('POST', `/${amendment.id}/accept`)).status).toBe(200)
    expect(await feeLines()).toEqual([4_500])
  })
})

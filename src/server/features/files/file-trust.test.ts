import exifr from 'exifr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PHOTO_SLOTS } from '../../../domain/condition/report'
import { createTestApp, type TestApp } from '../../test/harness'

// Issue 41, items 11 to 14: names in any script on every route that serves a file, one upload check
// (type from the bytes, an image decoded in full), a download keeps its sandbox, no GPS in what is
// served while the row keeps it, a file only to roles that may open its record, never cached.

let t: TestApp
let lot: Awaited<ReturnType<TestApp['createUser']>>
let manager: Awaited<ReturnType<TestApp['createUser']>>
let driver: Awaited<ReturnType<TestApp['createUser']>>
let orderId: string
let feeRequestId: string

beforeAll(async () => {
  t = await createTestApp()
  lot = await t.createUser('lot_manager')
  manager = await t.createUser('manager')
  driver = await t.createUser('camera_driver')
  orderId = (
    await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: 'FT-1', case_number: 'FT-1', status: 'Repossessed' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  feeRequestId = (
    await t.db
      .insertInto('fee_requests')
      .values({
        company_id: t.companyId,
        case_key: `order:${orderId}`,
        order_id: orderId,
        fee_type: 'Keys',
        amount_cents: 7_500,
        status: 'waiting',
        source: 'manual',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
})
afterAll(() => t?.close())

let shade = 0
/** A distinct photo each time, taken at a time and a place its EXIF says. */
async function gpsJpeg() {
  shade += 1
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: (shade * 37) % 256, g: (shade * 11) % 256, b: 30 } },
  })
    .jpeg()
    .withExif({
      IFD2: { DateTimeOriginal: '2026:11:20 14:30:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 42/1 4608/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '74/1 0/1 2160/100',
      },
    })
    .toBuffer()
}
async function png() {
  shade += 1
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 10, g: (shade * 37) % 256, b: (shade * 11) % 256 } },
  })
    .png()
    .toBuffer()
}
const truncated = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.6))

const UPLOADS = {
  files: '/api/files',
  evidence: () => `/api/invoices/fee-requests/${feeRequestId}/files`,
}

async function post(
  path: string,
  bytes: Uint8Array,
  fileName: string,
  cookie: string,
  contentType = 'application/octet-stream',
) {
  const response = await t.app.fetch(
    new Request(`http://localhost:3000${path}`, {
      method: 'POST',
      headers: {
        cookie,
        origin: 'http://localhost:3000',
        'content-type': contentType,
        'x-file-name': encodeURIComponent(fileName),
      },
      body: new Uint8Array(bytes),
    }),
  )
  return { status: response.status, json: await response.json() }
}
const get = (path: string, cookie: string) =>
  t.app.fetch(new Request(`http://localhost:3000${path}`, { headers: { cookie } }))

const NAMES = ['Фото.jpg', 'photo ✓.jpg', 'O’Brien.jpg', '写真.png', '😀.jpg']
const starOf = (name: string) => `filename*=UTF-8''${encodeURIComponent(name)}`

describe('files served under any name (item 11)', () => {
  it.each(NAMES)('%s: the file, its thumbnail and its download answer 200 with filename*', async (name) => {
    const bytes = name.endsWith('.png') ? await png() : await gpsJpeg()
    const saved = await post(UPLOADS.files, bytes, name, lot.cookie)
    expect(saved.status, JSON.stringify(saved.json)).toBe(201)
    expect(saved.json.file.fileName).toBe(name)
    for (const [path, disposition] of [
      [saved.json.file.url, 'inline'],
      [`${saved.json.file.url}?download=1`, 'attachment'],
      [saved.json.file.thumbnailUrl, 'inline'],
    ]) {
      const served = await get(path, lot.cookie)
      expect(served.status, path).toBe(200)
      const header = served.headers.get('content-disposition') ?? ''
      expect(header.startsWith(`${disposition}; filename="`)).toBe(true)
      expect(header).toContain(starOf(name))
    }
  })

  it.each(NAMES)('%s: fee-request evidence downloads with filename*', async (name) => {
    const bytes = name.endsWith('.png') ? await png() : await gpsJpeg()
    const saved = await post(UPLOADS.evidence(), bytes, name, manager.cookie, 'image/jpeg')
    expect(saved.status, JSON.stringify(saved.json)).toBe(201)
    const served = await get(`${UPLOADS.evidence()}/${saved.json.file.id}`, manager.cookie)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-disposition')).toContain(starOf(name))
    expect(served.headers.get('content-type')).toBe(name.endsWith('.png') ? 'image/png' : 'image/jpeg')
  })
})

describe('one upload check (item 12)', () => {
  it.each([
    ['files', 'a truncated JPEG', () => gpsJpeg()],
    ['files', 'a truncated PNG', () => png()],
    ['evidence', 'a truncated JPEG', () => gpsJpeg()],
    ['evidence', 'a truncated PNG', () => png()],
  ] as const)('%s refuses %s with 400 naming the field', async (route, _what, make) => {
    const path = route === 'files' ? UPLOADS.files : UPLOADS.evidence()
    const refused = await post(
      path,
      truncated(await make()),
      'cut.jpg',
      route === 'files' ? lot.cookie : manager.cookie,
    )
    expect(refused.status).toBe(400)
    expect(refused.json.error).toMatchObject({
      field: 'file',
      message: 'This image is damaged or incomplete: send the photo again.',
    })
  })

  it('refuses evidence whose bytes are not what its content type claims, and stores what the bytes are', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
    const lying = await post(UPLOADS.evidence(), html, 'receipt.jpg', manager.cookie, 'image/jpeg')
    expect(lying.status).toBe(400)
    expect(lying.json.error).toMatchObject({
      field: 'file',
      message: 'Only photos (JPEG, PNG or WebP) and PDF documents are accepted.',
    })
    const pdf = await post(
      UPLOADS.evidence(),
      new TextEncoder().encode('%PDF-1.4 receipt'),
      'r.pdf',
      manager.cookie,
      'image/png',
    )
    expect(pdf.status).toBe(201)
    expect(pdf.json.file.content_type).toBe('application/pdf')
  })
})

describe('what a served file carries (items 13 and 14)', () => {
  it('keeps its sandbox, is never cached, and carries no GPS while the row keeps the position', async () => {
    const saved = await post(UPLOADS.files, await gpsJpeg(), 'IMG_1.jpg', lot.cookie)
    expect(saved.json.file).toMatchObject({
      takenAt: '2026-11-20T14:30:00.000Z',
      latitude: expect.closeTo(40.7128, 4),
      longitude: expect.closeTo(-74.006, 4),
    })
    const evidence = await post(UPLOADS.evidence(), await gpsJpeg(), 'IMG_2.jpg', manager.cookie, 'image/jpeg')
    expect(evidence.json.file).toMatchObject({ latitude: expect.closeTo(40.7128, 4) })
    for (const [path, cookie] of [
      [`${saved.json.file.url}?download=1`, lot.cookie],
      [saved.json.file.url, lot.cookie],
      [`${UPLOADS.evidence()}/${evidence.json.file.id}`, manager.cookie],
    ] as const) {
      const served = await get(path, cookie)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-security-policy'), path).toContain('sandbox')
      expect(served.headers.get('cache-control')).toBe('private, no-store')
      const bytes = Buffer.from(await served.arrayBuffer())
      expect(await exifr.gps(bytes).catch(() => undefined), path).toBeUndefined()
      expect((await sharp(bytes).metadata()).exif).toBeUndefined()
    }
  })

  it('cleans a photo stored before uploads were cleaned as it serves it; an undecodable one is not served', async () => {
    const bytes = await gpsJpeg()
    const row = await t.db
      .insertInto('stored_files')
      .values({
        company_id: t.companyId,
        kind: 'image',
        format: 'jpeg',
        content_type: 'image/jpeg',
        file_name: 'old.jpg',
        size_bytes: bytes.length,
        sha256: `legacy-${shade}`,
        uploaded_by_profile_id: lot.profileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.deps.fileStore.put(`${t.companyId}/${row.id}`, bytes, 'image/jpeg')
    const served = await get(`/api/files/${row.id}`, lot.cookie)
    expect(served.status).toBe(200)
    expect(await exifr.gps(Buffer.from(await served.arrayBuffer())).catch(() => undefined)).toBeUndefined()

    const junk = await t.db
      .insertInto('fee_request_files')
      .values({
        company_id: t.companyId,
        fee_request_id: feeRequestId,
        file_name: 'old.png',
        content_type: 'image/png',
        size_bytes: 3,
        data: new Uint8Array([1, 2, 3]),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await get(`${UPLOADS.evidence()}/${junk.id}`, manager.cookie)).status).toBe(404)
  })

  it('serves a file only to roles that may open the record that holds it (others: 404)', async () => {
    const started = await t.request('POST', `/api/condition-reports/cases/orders/${orderId}`, { cookie: lot.cookie })
    expect(started.status, JSON.stringify(started.json)).toBe(201)
    const photo = (await post(UPLOADS.files, await gpsJpeg(), 'front.jpg', lot.cookie)).json.file
    // Nothing holds it yet: its uploader only.
    expect((await get(photo.url, driver.cookie)).status).toBe(404)
    expect((await get(photo.url, manager.cookie)).status).toBe(404)
    const saved = await t.request('PUT', `/api/condition-reports/${started.json.reports[0].id}`, {
      cookie: lot.cookie,
      body: { photos: [{ slot: DEFAULT_PHOTO_SLOTS[0], fileId: photo.id }], damages: [] },
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    // The report shows when and where it was taken.
    expect(saved.json.reports[0].photos[0].file).toMatchObject({ latitude: expect.closeTo(40.7128, 4) })
    // A camera driver may not open condition reports: not the photo, nor its thumbnail.
    expect((await get(photo.url, driver.cookie)).status).toBe(404)
    expect((await get(photo.thumbnailUrl, driver.cookie)).status).toBe(404)
    // The manager (Management Dashboard) may.
    expect((await get(photo.url, manager.cookie)).status).toBe(200)
    expect((await get(photo.thumbnailUrl, manager.cookie)).status).toBe(200)
  })
})

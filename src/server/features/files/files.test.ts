import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

// Issue 20: photos and documents checked by content, thumbnailed, served to the company only.

let t: TestApp
let lotManager: Awaited<ReturnType<TestApp['createUser']>>
let outsider: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  lotManager = await t.createUser('lot_manager')
  outsider = await t.createUser('lot_manager', await t.createCompany('Other Agency'))
})
afterAll(() => t?.close())

async function upload(bytes: Uint8Array, fileName = 'photo.jpg', cookie = lotManager.cookie) {
  const response = await t.app.fetch(
    new Request('http://localhost:3000/api/files', {
      method: 'POST',
      headers: {
        cookie,
        origin: 'http://localhost:3000',
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(fileName),
      },
      body: new Uint8Array(bytes),
    }),
  )
  return { status: response.status, json: await response.json() }
}
const get = (path: string, cookie = lotManager.cookie) =>
  t.app.fetch(new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} }))

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })

/** A PNG whose header claims a size (no pixels behind it): what a decompression bomb looks like. */
function pngClaiming(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = 2
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(10))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('files', () => {
  it('stores a photo with its EXIF time and a thumbnail, for the company only; the same bytes twice are one file', async () => {
    const jpeg = await picture(1200, 900)
      .jpeg()
      .withExif({ IFD2: { DateTimeOriginal: '2026:11:20 14:30:00' } })
      .toBuffer()
    const saved = await upload(jpeg, 'C:\\phone\\IMG_0042.jpg')
    expect(saved.status, JSON.stringify(saved.json)).toBe(201)
    expect(saved.json.file).toMatchObject({
      kind: 'image',
      format: 'jpeg',
      contentType: 'image/jpeg',
      fileName: 'IMG_0042.jpg',
      width: 1200,
      height: 900,
      takenAt: '2026-11-20T14:30:00.000Z',
    })
    const again = await upload(jpeg, 'copy.jpg')
    expect(again.json.file.id).toBe(saved.json.file.id)

    const original = await get(saved.json.file.url)
    expect(original.headers.get('content-type')).toBe('image/jpeg')
    expect(original.headers.get('x-content-type-options')).toBe('nosniff')
    // Issue 41: the original is stored and served re-encoded, without its metadata.
    const served = await sharp(Buffer.from(await original.arrayBuffer())).metadata()
    expect([served.format, served.width, served.height, served.exif]).toEqual(['jpeg', 1200, 900, undefined])
    const thumbnail = await get(saved.json.file.thumbnailUrl)
    const small = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()
    expect([small.format, small.width, small.height]).toEqual(['webp', 320, 240])

    expect((await get(saved.json.file.url, outsider.cookie)).status).toBe(404)
    expect((await get(saved.json.file.url, '')).status).toBe(401)
    expect((await get('/api/files/not-a-uuid')).status).toBe(404)
  })

  it('takes a PDF as a document, with no thumbnail', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
    const saved = await upload(pdf, 'release.pdf')
    expect(saved.status, JSON.stringify(saved.json)).toBe(201)
    expect(saved.json.file).toMatchObject({ kind: 'document', format: 'pdf', thumbnailUrl: null })
    expect((await get(`${saved.json.file.url}/thumbnail`)).status).toBe(404)
  })

  it.each([
    [
      'text named like a photo',
      () => Buffer.from('just some text, not a picture'),
      400,
      'Only photos (JPEG, PNG or WebP) and PDF documents are accepted.',
    ],
    [
      'a GIF',
      () => picture(10, 10).gif().toBuffer(),
      400,
      'Only photos (JPEG, PNG or WebP) and PDF documents are accepted.',
    ],
    [
      'an image over 40 megapixels',
      async () => pngClaiming(8000, 6000),
      400,
      'The photo must be 40 megapixels or smaller.',
    ],
    ['an empty file', async () => Buffer.alloc(0), 400, 'The file is empty.'],
    [
      'a file over 25 MB',
      async () => Buffer.alloc(25 * 1024 * 1024 + 2048, 1),
      413,
      'The file must be 25 MB or smaller.',
    ],
  ] as const)('refuses %s', async (_, make, status, message) => {
    const refused = await upload(await make())
    expect(refused.status).toBe(status)
    expect(refused.json.error).toMatchObject({ message, field: 'file' })
  })
})

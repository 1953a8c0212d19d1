import exifr from 'exifr'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { checkUpload } from './upload-check'

// Issue 41: the one upload check. A phone's portrait photo (stored landscape with an EXIF
// orientation) is kept upright, without any metadata; its time and position are returned as data.

const rules = { field: 'file', maxBytes: 25 * 1024 * 1024 }

describe('checkUpload', () => {
  it('stores a photo upright and without metadata, its EXIF time and GPS returned as data', async () => {
    const sideways = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#806040' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD2: { DateTimeOriginal: '2026:11:20 14:30:00' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 52/1 768/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '151/1 12/1 3348/100',
        },
      })
      .toBuffer()
    const checked = await checkUpload(sideways, rules)
    expect(checked).toMatchObject({ format: 'jpeg', contentType: 'image/jpeg', width: 40, height: 80 })
    expect(checked.takenAt?.toISOString()).toBe('2026-11-20T14:30:00.000Z')
    expect(checked.latitude).toBeCloseTo(-33.8688, 4)
    expect(checked.longitude).toBeCloseTo(151.2093, 4)
    const stored = await sharp(checked.bytes).metadata()
    expect([stored.width, stored.height, stored.orientation, stored.exif]).toEqual([40, 80, undefined, undefined])
    expect(await exifr.gps(Buffer.from(checked.bytes)).catch(() => undefined)).toBeUndefined()
  })

  it.each([
    [
      'a JPEG cut short',
      async () =>
        (
          await sharp({ create: { width: 200, height: 150, channels: 3, background: '#123' } })
            .jpeg()
            .toBuffer()
        ).subarray(0, 400),
    ],
    [
      'a WebP cut short',
      async () => {
        const b = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#456' } })
          .webp()
          .toBuffer()
        return b.subarray(0, Math.floor(b.length / 2))
      },
    ],
    [
      'a PNG header alone',
      async () =>
        (
          await sharp({ create: { width: 200, height: 150, channels: 3, background: '#789' } })
            .png()
            .toBuffer()
        ).subarray(0, 40),
    ],
  ])('refuses %s as damaged', async (_name, make) => {
    await expect(checkUpload(await make(), rules)).rejects.toMatchObject({
      message: 'This image is damaged or incomplete: send the photo again.',
      field: 'file',
    })
  })
})

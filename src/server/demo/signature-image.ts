import { crc32, deflateSync } from 'node:zlib'

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A demo signature: a flowing pen stroke, black on white, as a 400 x 100 grayscale PNG data URL. */
export function demoSignaturePng(seed = 1): string {
  const width = 400
  const height = 100
  const pixels = Buffer.alloc((width + 1) * height, 255)
  for (let row = 0; row < height; row++) pixels[row * (width + 1)] = 0 // filter byte: none
  const ink = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const px = Math.round(x) + dx
        const py = Math.round(y) + dy
        if (px >= 0 && px < width && py >= 0 && py < height) pixels[py * (width + 1) + 1 + px] = 0
      }
    }
  }
  for (let t = 0; t <= 1; t += 0.0005) {
    const x = 30 + t * 340
    const y = 50 + Math.sin(t * Math.PI * (6 + seed)) * 22 * (1 - t * 0.5) + Math.cos(t * Math.PI * 17) * 6
    ink(x, y)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(0, 9) // grayscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
  return `data:image/png;base64,${png.toString('base64')}`
}

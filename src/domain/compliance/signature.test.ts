import { describe, expect, it } from 'vitest'
import { SIGNATURE_TEXTS, signatureImageProblem } from './signature'

const decode = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'))

/** The first 24 bytes of a PNG of this size (signature, IHDR length and type, width, height), and some after. */
function png(width: number, height: number, extra = 16) {
  const bytes = Buffer.alloc(24 + extra)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(bytes)
  bytes.writeUInt32BE(width, 16)
  bytes.writeUInt32BE(height, 20)
  return `data:image/png;base64,${bytes.toString('base64')}`
}

describe('a drawn signature image', () => {
  it.each([
    ['the canvas size', png(800, 200), null],
    ['smaller than the canvas', png(400, 100), null],
    ['wider than the canvas', png(801, 200), 'The signature image must be at most 800 by 200 pixels.'],
    ['taller than the canvas', png(800, 201), 'The signature image must be at most 800 by 200 pixels.'],
    ['of no width', png(0, 200), 'The signature image must be at most 800 by 200 pixels.'],
    ['a JPEG data URL', 'data:image/jpeg;base64,/9j/4AAQ', 'The signature must be a PNG image.'],
    ['not a data URL', 'https://example.com/sig.png', 'The signature must be a PNG image.'],
    [
      'PNG by its URL but not by its bytes',
      `data:image/png;base64,${Buffer.alloc(40, 1).toString('base64')}`,
      'The signature must be a PNG image.',
    ],
    [
      'too short to be a PNG',
      `data:image/png;base64,${Buffer.alloc(8).toString('base64')}`,
      'The signature must be a PNG image.',
    ],
    ['over 300 KB', png(800, 200, 310 * 1024), 'The signature image is too large.'],
  ])('%s', (_case, dataUrl, problem) => {
    expect(signatureImageProblem(dataUrl, decode)).toBe(problem)
  })
})

describe("SPEC.md section 8's signature texts", () => {
  it('are word for word', () => {
    expect(SIGNATURE_TEXTS.loadFailed).toBe('Failed to load signature request')
    expect(SIGNATURE_TEXTS.failed).toBe('Failed to complete signature. Please try again.')
    expect(SIGNATURE_TEXTS.invalid).toBe('Invalid or expired signature link')
    expect(SIGNATURE_TEXTS.signed).toBe('Your signature has been recorded successfully.')
  })
})

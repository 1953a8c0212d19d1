import { describe, expect, it } from 'vitest'
import { asciiFileName, contentDisposition } from './content-disposition'

describe('contentDisposition (issue 41: names beyond Latin-1)', () => {
  it.each([
    ['photo.jpg', 'inline', `inline; filename="photo.jpg"; filename*=UTF-8''photo.jpg`],
    ['Фото.jpg', 'attachment', `attachment; filename="file.jpg"; filename*=UTF-8''%D0%A4%D0%BE%D1%82%D0%BE.jpg`],
    ['photo ✓.jpg', 'inline', `inline; filename="photo _.jpg"; filename*=UTF-8''photo%20%E2%9C%93.jpg`],
    ['O’Brien.jpg', 'inline', `inline; filename="O'Brien.jpg"; filename*=UTF-8''O%E2%80%99Brien.jpg`],
    ['写真.png', 'inline', `inline; filename="file.png"; filename*=UTF-8''%E5%86%99%E7%9C%9F.png`],
    ['😀.jpg', 'inline', `inline; filename="file.jpg"; filename*=UTF-8''%F0%9F%98%80.jpg`],
    ["it's (1)*.pdf", 'attachment', `attachment; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`],
    ['Café "final".pdf', 'inline', `inline; filename="Cafe _final_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22final%22.pdf`],
  ] as const)('%s', (name, type, header) => {
    expect(contentDisposition(type, name)).toBe(header)
    // A header value must be Latin-1 bytes: this is what answered 500 before.
    expect(() => new Headers({ 'Content-Disposition': contentDisposition(type, name) })).not.toThrow()
  })

  it('keeps a fallback in printable ASCII without quotes or backslashes', () => {
    for (const name of ['a\\b.jpg', 'x"y.jpg', 'Ünïcödé.webp', '100%.png'])
      expect(asciiFileName(name)).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/)
  })
})

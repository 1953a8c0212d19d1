import { describe, expect, it } from 'vitest'
import { cleanFileName, FILE_MESSAGES, tooLargeMessage } from './file-rules'

describe('a file name safe to show and to send back', () => {
  it.each([
    ['keeps a plain name', 'IMG_2041.jpg', 'jpeg', 'IMG_2041.jpg'],
    ['drops a Unix path', '/home/agent/photos/front.png', 'png', 'front.png'],
    ['drops a Windows path', 'C:\\Users\\lot\\Desktop\\title scan.pdf', 'pdf', 'title scan.pdf'],
    ['removes control characters and quotes', 'bad\u0000"name\u0007\u007f.jpg', 'jpeg', 'badname.jpg'],
    ['trims spaces', '   rear.webp  ', 'webp', 'rear.webp'],
    ['names a file that came without a name', undefined, 'pdf', 'file.pdf'],
    ['names a file whose name was all path', 'photos/', 'jpeg', 'file.jpg'],
    ['names a file whose name was only control characters', '\u0001\u0002', 'png', 'file.png'],
  ] as const)('%s', (_case, name, format, expected) => {
    expect(cleanFileName(name, format)).toBe(expected)
  })

  it('keeps at most 120 characters', () => {
    expect(cleanFileName(`${'a'.repeat(200)}.jpg`, 'jpeg')).toBe('a'.repeat(120))
  })
})

describe('what a refused file is told', () => {
  it('says the limits in megabytes and megapixels', () => {
    expect(FILE_MESSAGES.tooLarge).toBe('The file must be 25 MB or smaller.')
    expect(FILE_MESSAGES.tooManyPixels).toBe('The photo must be 40 megapixels or smaller.')
    expect(tooLargeMessage(10 * 1024 * 1024)).toBe('The file must be 10 MB or smaller.')
  })
})

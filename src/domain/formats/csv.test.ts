import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('CSV export cells', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
  ])('escapes %j, which a spreadsheet would run, as text: %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })
  it('quotes commas, quotes and line breaks, and leaves plain text and numbers alone', () => {
    expect(csvCell('Row 2: Unknown client "Ally, Inc"')).toBe('"Row 2: Unknown client ""Ally, Inc"""')
    expect(csvCell('a\nb')).toBe('"a\nb"')
    expect(csvCell('C-1 =x')).toBe('C-1 =x')
    expect(csvCell(12)).toBe('12')
    expect(csvCell(null)).toBe('')
  })
  it('writes rows with CRLF line ends after a byte-order mark', () => {
    expect(
      toCsv([
        ['Line', 'Message'],
        [2, '=1'],
      ]),
    ).toBe("\uFEFFLine,Message\r\n2,'=1\r\n")
  })
})

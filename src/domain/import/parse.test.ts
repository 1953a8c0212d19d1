import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { columnIndexes } from './headers'
import { detectDelimiter, parsePastedText } from './parse'
import { readImportRow } from './row'

const HEADER = 'Case Number\tClient Name\tLast Name, First Name\tVIN\tMake\tModel\tYear\tOrder Date\tSub-Status\tKeys'

describe('pasted text', () => {
  it('keeps quoted tabs and newlines and numbers rows by the line they start on', () => {
    const text = 'Case Number\tVIN\tNote\nA1\tV1\tplain\n\nA2\tV2\t"multi\nline"\nA3\tV3\t"a\tb"\n  \nA4\tV4\tlast\n'
    const { header, records } = parsePastedText(text)
    expect(header).toEqual(['Case Number', 'VIN', 'Note'])
    expect(records).toEqual([
      { line: 2, cells: ['A1', 'V1', 'plain'] },
      { line: 4, cells: ['A2', 'V2', 'multi\nline'] },
      { line: 6, cells: ['A3', 'V3', 'a\tb'] },
      { line: 8, cells: ['A4', 'V4', 'last'] },
    ])
  })
  it('reads Windows and old Mac line ends', () => {
    expect(parsePastedText('Case Number\tVIN\r\nA1\tV1\r\nA2\tV2').records.map((r) => r.line)).toEqual([2, 3])
    expect(parsePastedText('Case Number\tVIN\rA1\tV1\rA2\tV2').records.map((r) => r.line)).toEqual([2, 3])
  })

  it('keeps every row after a cell that begins with a quote it does not close (issue 15)', () => {
    const rows = Array.from({ length: 100 }, (_, index) => {
      const name = index === 5 ? '"Bubba" Smith, Joe' : index === 50 ? '"Bubba Smith, Joe' : 'Reyes, Jordan'
      return `C${index}\t${name}\tV${index}`
    })
    const { records } = parsePastedText(['Case Number\tName\tVIN', ...rows].join('\n'))
    expect(records).toHaveLength(100)
    expect(records[5]).toEqual({ line: 7, cells: ['C5', '"Bubba" Smith, Joe', 'V5'] })
    expect(records[50]).toEqual({ line: 52, cells: ['C50', '"Bubba Smith, Joe', 'V50'] })
    expect(records[99]).toEqual({ line: 101, cells: ['C99', 'Reyes, Jordan', 'V99'] })
  })

  it('takes a quote as text when quoting would join cells or rows the header does not have', () => {
    const text = [
      'Case Number\tName\tVIN\tModel',
      'C1\t"Bubba\tV1\tSilverado 22"',
      'C2\t"open\tV2\tx',
      'C3\tname\tV3\tSierra 24"',
      'C4\t"two\nlines"\tV4\tx',
    ].join('\n')
    expect(parsePastedText(text).records).toEqual([
      { line: 2, cells: ['C1', '"Bubba', 'V1', 'Silverado 22"'] },
      { line: 3, cells: ['C2', '"open', 'V2', 'x'] },
      { line: 4, cells: ['C3', 'name', 'V3', 'Sierra 24"'] },
      { line: 5, cells: ['C4', 'two\nlines', 'V4', 'x'] },
    ])
  })

  it('reads a comma-separated paste at its commas, quotes and all', () => {
    const text =
      '\uFEFFCase Number,VIN,"Last Name, First Name"\r\nA1,V1,"Reyes, Jordan"\r\nA2,V2,"Smith, ""Bubba"""\r\n'
    expect(detectDelimiter(text)).toBe(',')
    expect(parsePastedText(text)).toEqual({
      delimiter: ',',
      header: ['Case Number', 'VIN', 'Last Name, First Name'],
      records: [
        { line: 2, cells: ['A1', 'V1', 'Reyes, Jordan'] },
        { line: 3, cells: ['A2', 'V2', 'Smith, "Bubba"'] },
      ],
    })
    expect(detectDelimiter('Case Number\tVIN\tLast Name, First Name')).toBe('\t')
    expect(detectDelimiter('VIN')).toBe('\t')
  })
})

/** A cell's text as a spreadsheet or a person writes it: quoted (quotes doubled) or as it is. */
const written = (cell: string, quoted: boolean) => (quoted ? `"${cell.replaceAll('"', '""')}"` : cell)
const breaksIn = (text: string) => (text.match(/\r\n|\r|\n/g) ?? []).length
/** A cell written unquoted that happens to be a whole quoted cell is read as one. */
const readBack = (cell: string, quoted: boolean) =>
  !quoted && /^"(?:[^"]|"")*"$/.test(cell) ? cell.slice(1, -1).replaceAll('""', '"') : cell

/**
 * Rows of any text with quotes, tabs, commas, CR and LF, pasted as a spreadsheet copies them (a cell
 * holding the delimiter or a line break is quoted, one holding quotes may be or not), between blank
 * lines, with any line end, after a BOM or not: every row is read back, from the line it starts on.
 */
function pasteProperty(delimiter: '\t' | ',') {
  const piece = fc.constantFrom('a', 'Bu', ' ', '"', '""', '\t', ',', '\n', '\r', '\r\n', '=1')
  // No spreadsheet cell holds a tab (Tab moves to the next cell): `"\t"\t"` could be either.
  const cellText = fc
    .array(piece, { maxLength: 6 })
    .map((pieces) => (delimiter === '\t' ? pieces.join('').replaceAll('\t', ' ') : pieces.join('')))
  const cell = fc.record({ text: cellText, quote: fc.boolean() }).map(({ text, quote }) => {
    const mustQuote = breaksIn(text) > 0 || text.includes(delimiter)
    // A program writing commas quotes a cell that begins with a quote; a person typing tabs may not.
    const mayStayBare = delimiter === '\t' || !text.startsWith('"')
    return { text, quoted: mustQuote || quote || !mayStayBare }
  })
  const columns = 4
  const row = fc.tuple(fc.array(cell, { minLength: columns - 1, maxLength: columns - 1 }), fc.nat(2))
  return fc.property(
    fc.array(row, { maxLength: 25 }),
    fc.constantFrom('\n', '\r\n', '\r'),
    fc.boolean(),
    (rows, lineEnd, bom) => {
      const header = ['Case Number', 'Name', 'VIN', 'Note'].map((name) => written(name, delimiter === ','))
      const lines = [`${bom ? '\uFEFF' : ''}${header.join(delimiter)}`]
      const expected: { line: number; cells: string[] }[] = []
      let line = 2
      rows.forEach(([cells, blankLinesBefore], index) => {
        for (let blank = 0; blank < blankLinesBefore; blank++) lines.push(blank ? delimiter : '')
        line += blankLinesBefore
        expected.push({ line, cells: [`R${index}`, ...cells.map((c) => readBack(c.text, c.quoted))] })
        lines.push([`R${index}`, ...cells.map((c) => written(c.text, c.quoted))].join(delimiter))
        line += 1 + cells.reduce((sum, c) => sum + breaksIn(c.text), 0)
      })
      const parsed = parsePastedText(lines.join(lineEnd))
      expect(parsed.delimiter).toBe(delimiter)
      expect(parsed.records).toEqual(expected)
    },
  )
}

describe('any paste (property)', () => {
  it('reads back every tab-separated row a spreadsheet or a person writes, from its line', () => {
    fc.assert(pasteProperty('\t'), { numRuns: 2_000 })
  })
  it('reads back every comma-separated row, from its line', () => {
    fc.assert(pasteProperty(','), { numRuns: 1_000 })
  })

  it('never throws while reading, and gives one row per non-blank record', () => {
    const cell = fc.string({ maxLength: 12 }).map((text) => text.replace(/\t|\n|\r/g, ' '))
    const line = fc.array(fc.oneof(cell, fc.constantFrom('"', '""', '"a\tb"', '"x\ny"', '3/4/25', 'Yes')), {
      maxLength: 8,
    })
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.string({ maxLength: 40 }), (lines, noise) => {
        const text = [HEADER, ...lines.map((cells) => cells.join('\t')), noise].join('\n')
        const { header, records } = parsePastedText(text)
        const columns = columnIndexes(header)
        for (const record of records) {
          const row = readImportRow(record, columns, { randomizeNames: true, now: 1 })
          expect(row.line).toBeGreaterThanOrEqual(2)
        }
      }),
      { numRuns: 300 },
    )
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { columnIndexes } from './headers'
import { parsePastedText } from './parse'
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
  it('reads Windows line ends', () => {
    expect(parsePastedText('Case Number\tVIN\r\nA1\tV1\r\nA2\tV2').records.map((r) => r.line)).toEqual([2, 3])
  })
})

describe('any paste (property)', () => {
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

import { describe, expect, it } from 'vitest'
import { csvCell, csvLine, escapeFormula } from '../formats/csv'
import { csvValue, exportFileName, xlsxValue } from './cells'

// ARCHITECTURE.md, security baseline: "Exported spreadsheet cells that begin with = + - @, tab or CR are escaped."
describe('formula-like cells in exports', () => {
  it.each([
    ['=', '=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+', '+1 555 0100', "'+1 555 0100"],
    ['-', '-2+3', "'-2+3"],
    ['@', '@SUM(A1)', "'@SUM(A1)"],
    ['tab', '\t=1', "'\t=1"],
    ['CR', '\r=1', "'\r=1"],
  ])('a cell beginning with %s gets a leading apostrophe', (_start, text, escaped) => {
    expect(escapeFormula(text)).toBe(escaped)
    expect(csvValue('text', text)).toBe(escaped)
    expect(xlsxValue('text', text)).toBe(escaped)
  })
  it.each(['Ally Financial', 'C-1 =x', "'quoted", ' =leading space', '\n=1'])('leaves %j alone', (text) => {
    expect(escapeFormula(text)).toBe(text)
    expect(xlsxValue('text', text)).toBe(text)
  })
  it('does not escape numbers, which are not formulas', () => {
    expect(csvValue('number', -2)).toBe(-2)
    expect(xlsxValue('number', -2)).toBe(-2)
    expect(csvCell(-2)).toBe('-2')
  })
  it('escapes first, then quotes a CSV field', () => {
    expect(csvLine(['=HYPERLINK("http://x")', 'a,b', null, 3])).toBe(`"'=HYPERLINK(""http://x"")","a,b",,3\r\n`)
  })
})

describe('dates in exports', () => {
  it('writes a day as ISO yyyy-mm-dd and a timestamp as an ISO instant in CSV', () => {
    expect(csvValue('date', '2026-11-23')).toBe('2026-11-23')
    expect(csvValue('date', new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-23')
    expect(csvValue('timestamp', new Date('2026-11-23T08:05:09.123Z'))).toBe('2026-11-23T08:05:09.123Z')
    expect(csvValue('date', null)).toBeNull()
  })
  it('writes real dates in XLSX: a day at UTC midnight', () => {
    expect(xlsxValue('date', '2026-11-23')).toEqual(new Date('2026-11-23T00:00:00Z'))
    expect(xlsxValue('timestamp', '2026-11-23T08:05:09Z')).toEqual(new Date('2026-11-23T08:05:09Z'))
  })
  it('writes booleans as spreadsheets read them', () => {
    expect(csvValue('boolean', true)).toBe('TRUE')
    expect(csvValue('boolean', false)).toBe('FALSE')
    expect(xlsxValue('boolean', false)).toBe(false)
  })
  it('names the file by list and day', () => {
    expect(exportFileName('cases', 'csv', '2026-11-23')).toBe('cases-2026-11-23.csv')
  })
})

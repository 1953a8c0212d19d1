import { describe, expect, it } from 'vitest'
import { parseCaseFile } from './sync-file'

describe('sync files', () => {
  it.each([
    ['cases.json', '[{"case_id": 1}, {"case_id": 2}]'],
    ['cases.json', '{"cases": [{"case_id": 1}, {"case_id": 2}]}'],
    ['cases.ndjson', '{"case_id": 1}\n\n{"case_id": 2}\n'],
    ['cases.csv', 'case_id,debtor_name\n1,"Smith, Jo"\n2,"Line\nbreak"\n'],
  ])('reads %s', (name, text) => {
    const rows = parseCaseFile(name, text) as Array<{ case_id: unknown }>
    expect(rows.map((row) => String(row.case_id))).toEqual(['1', '2'])
  })

  it('keeps quoted commas and newlines in CSV', () => {
    const rows = parseCaseFile('a.csv', 'case_id,debtor_name\n1,"Smith, Jo"\n2,"Line\nbreak"\n') as Array<
      Record<string, string>
    >
    expect(rows.map((row) => row.debtor_name)).toEqual(['Smith, Jo', 'Line\nbreak'])
  })

  it.each([
    ['a.txt', 'x', 'use a .json, .ndjson or .csv file'],
    ['a.ndjson', '{"case_id": 1}\nnot json', 'line 2 is not JSON'],
    ['a.json', '{"rows": []}', 'expected an array'],
  ])('refuses %s', (name, text, message) => {
    expect(() => parseCaseFile(name, text)).toThrow(message)
  })
})

import { describe, expect, it } from 'vitest'
import { importErrorsCsv } from './errors-csv'

describe('all import errors as CSV', () => {
  it('lists line, case number and message of every error, a formula-like case number as text', () => {
    const csv = importErrorsCsv([
      { line: 2, caseNumber: '=cmd|x', message: 'Row 2: Missing VIN - Case: =cmd|x' },
      { line: 3, caseNumber: '', message: 'Row 3: Unknown client "Ally, Inc"' },
    ])
    expect(csv).toBe(
      '\uFEFFLine,Case Number,Message\r\n' +
        "2,'=cmd|x,Row 2: Missing VIN - Case: =cmd|x\r\n" +
        '3,,"Row 3: Unknown client ""Ally, Inc"""\r\n',
    )
  })
})

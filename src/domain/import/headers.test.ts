import { describe, expect, it } from 'vitest'
import { importReadiness, READINESS_REASONS } from './headers'

describe('import readiness (SPEC.md section 5)', () => {
  it.each(['Case Number', 'Case#', 'CaseNumber', 'Case ID', 'Order Number', 'Account Number', ' case number '])(
    'accepts %s as the case/order header',
    (header) => {
      expect(importReadiness(`${header}\tVIN\nA1\tV1`)).toEqual({ ready: true })
    },
  )
  it.each(['VIN', 'Vin', 'Vehicle Identification Number'])('accepts %s as the VIN header', (header) => {
    expect(importReadiness(`Case Number\t${header}`)).toEqual({ ready: true })
  })
  it.each([
    ['', READINESS_REASONS.empty],
    ['  \n ', READINESS_REASONS.empty],
    ['Client Name\tVIN', READINESS_REASONS.noCaseColumn],
    ['Case Number\tMake', READINESS_REASONS.noVinColumn],
    ['Make\nCase Number\tVIN', READINESS_REASONS.noCaseColumn],
  ])('%j is refused: %s', (text, reason) => {
    expect(importReadiness(text)).toEqual({ ready: false, reason })
  })
  it('says the three reasons word for word', () => {
    expect(READINESS_REASONS).toEqual({
      empty: 'No CSV data entered',
      noCaseColumn: 'Missing case/order number column (Case Number, Case#, Order Number, etc.)',
      noVinColumn: 'Missing VIN column',
    })
  })
})

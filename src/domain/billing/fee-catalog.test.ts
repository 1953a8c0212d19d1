import { describe, expect, it } from 'vitest'
import { FEE_CATEGORIES, FEE_TYPES, feeTypeOfRequest, findFeeType } from './fee-catalog'
import { formatCents, isCents, parseDollars } from './money'

describe('the fee catalog', () => {
  it('holds every fee type issue 17 names, each with a category and a GL code, no spelling used twice', () => {
    const names = FEE_TYPES.map((type) => type.name)
    for (const name of [
      'Involuntary Repossession',
      'Voluntary Repossession',
      'Impound Repossession',
      'LPR Repossession',
      'Skip Repossession',
      'Close Fee',
      'Field Visit',
      'Keys',
      'Dolly',
      'Flatbed',
      'Mileage',
      'Fuel Surcharge',
      'Storage',
      'Transport',
      'Condition Report and Photos',
      'Personal Property Handling',
      'Redemption Admin',
      'Privacy Data Removal',
      'Other',
    ])
      expect(names).toContain(name)
    for (const type of FEE_TYPES) {
      expect(FEE_CATEGORIES).toContain(type.category)
      expect(type.glCode).toMatch(/^\d{4}$/)
      // Each of its spellings finds it, not another type.
      for (const spelling of [type.code, type.name, ...type.aliases])
        expect(findFeeType(spelling)?.code).toBe(type.code)
    }
  })

  it.each([
    ['Keys Fee', 'KEYS'],
    ['KEYS', 'KEYS'],
    ['keys-fee', 'KEYS'],
    ['CLOSE_FEE', 'CLOSE_FEE'],
    ['close fee', 'CLOSE_FEE'],
    ['Pre-Approved Dolly Fees', 'DOLLY'],
    ['Flatbed Fees', 'FLATBED'],
    ['  storage  ', 'STORAGE'],
    ['Condition Report', 'CONDITION_REPORT'],
  ])('%j is %s', (text, code) => {
    expect(findFeeType(text)?.code).toBe(code)
  })

  it.each(['', 'Bananas', 'FEE'])('%j is no fee type', (text) => {
    expect(findFeeType(text)).toBeNull()
  })

  it("maps SPEC.md's derived fee requests into it", () => {
    expect(feeTypeOfRequest('Dolly').code).toBe('DOLLY')
    expect(feeTypeOfRequest('Close').code).toBe('CLOSE_FEE')
  })
})

describe('money in cents', () => {
  it.each([
    ['350', 35_000],
    ['350.00', 35_000],
    ['$1,234.5', 123_450],
    ['0.99', 99],
    ['$ 75', 7_500],
    ['12.345', null],
    ['-5', null],
    ['1,23', null],
    ['abc', null],
    ['', null],
    ['99999999999', null],
  ])('%j is %s cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents)
  })

  it.each([
    [0, '$0.00'],
    [99, '$0.99'],
    [123_456, '$1,234.56'],
    [-1_200, '-$12.00'],
  ])('%s cents reads %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text)
  })

  it.each([
    [0, true],
    [1_000_000_000, true],
    [1_000_000_001, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    ['100', false],
  ])('%j is cents: %s', (value, expected) => {
    expect(isCents(value)).toBe(expected)
  })
})

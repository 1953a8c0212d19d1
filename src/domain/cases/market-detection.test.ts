import { describe, expect, it } from 'vitest'
import { detectCaseMarket } from './market-detection'

const zipTable = new Map([
  ['35203', 'Birmingham'],
  ['36602', 'Mobile'],
  ['36104', 'Montgomery'],
])

describe('case list market detection (SPEC.md section 9)', () => {
  it.each([
    [{ debtor_zip: '35203', recovery_zip: '36602', additional_zip: '36104' }, 'Birmingham', 95, 'debtor_zip'],
    [{ debtor_zip: '99999', recovery_zip: '36602', additional_zip: '36104' }, 'Mobile', 85, 'recovery_zip'],
    [{ debtor_zip: null, recovery_zip: '', additional_zip: '36104' }, 'Montgomery', 70, 'additional_zip'],
    [{ debtor_zip: '35203-1234', recovery_zip: null, additional_zip: null }, 'Unknown', 0, 'no_match'],
    [{ debtor_zip: '3520', recovery_zip: '3660', additional_zip: '361' }, 'Unknown', 0, 'no_match'],
    [{}, 'Unknown', 0, 'no_match'],
    [{ debtor_zip: ' 35203 ' }, 'Birmingham', 95, 'debtor_zip'],
  ])('%o gives %s at %i (%s)', (zips, market, confidence, method) => {
    expect(detectCaseMarket(zips, zipTable)).toEqual({ market, confidence, method })
  })
})

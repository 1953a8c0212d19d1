import { describe, expect, it } from 'vitest'
import { generateClientCode } from './client-code'

describe('client code (SPEC.md section 9)', () => {
  it.each([
    ['Ally Financial', 'Ally Bank', 'ALLFIN-ALBA'],
    ['Santander Consumer USA', 'Santander Consumer', 'SANCONUSA-SACO'],
    ['westlake financial', null, 'WESFIN-'],
    ['Capital One Auto Finance', 'Capital One', 'CAPONEAUTFIN-CAON'],
    ['Credit Acceptance Corporation Of America', 'Credit Acceptance Corp', 'CREACCCOROFAME-CRACC'],
    ['GM', 'GM Financial', 'GM-GMFI'],
  ])('%s / %s gives %s', (name, lienholder, code) => {
    expect(generateClientCode(name, lienholder)).toBe(code)
  })

  it('never exceeds 20 characters', () => {
    expect(generateClientCode('Alpha Bravo Charlie Delta Echo Foxtrot', 'Golf Hotel India').length).toBe(20)
  })
})

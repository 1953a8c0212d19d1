import { describe, expect, it } from 'vitest'
import { generateClientCode } from './client-code'
import { clientInputSchema } from './client-input'

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

describe('client input', () => {
  it.each([
    [
      { name: ' Ally Financial ', clientCode: ' allfin-alba ' },
      { name: 'Ally Financial', clientCode: 'ALLFIN-ALBA' },
    ],
    [
      { name: 'Ally', clientCode: '' },
      { name: 'Ally', clientCode: null },
    ],
    [
      { name: 'Ally', lienholderName: '  ' },
      { name: 'Ally', lienholderName: null },
    ],
  ])('%o reads as %o', (input, expected) => {
    expect(clientInputSchema.parse(input)).toMatchObject(expected)
  })
  it.each([{ name: '' }, { name: 'A', clientCode: 'TOO-LONG-FOR-A-CLIENT-CODE' }, { name: 'A', clientCode: 'AB C' }])(
    'refuses %o',
    (input) => {
      expect(clientInputSchema.safeParse(input).success).toBe(false)
    },
  )
})

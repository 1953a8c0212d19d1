import { describe, expect, it } from 'vitest'
import { isDirectDrop, vendorInputSchema } from './vendor'

describe('isDirectDrop: the three auction and rental places that are Direct Drop', () => {
  it.each([
    ['Manheim Birmingham', true],
    ['  copart mobile ', true],
    ['ENTERPRISE RENT-A-CAR', true],
    ['Manheim', false],
    ['Copart Mobile East', false],
    ['Birmingham Lot', false],
    ['', false],
  ])('%j: %s', (name, expected) => {
    expect(isDirectDrop(name)).toBe(expected)
  })
})

describe('a vendor as its form sends it', () => {
  const valid = { name: ' Copart Mobile ', type: 'auction', address: '', phone: '(251) 555-0100', email: '' }

  it('trims the name and keeps blanks as none', () => {
    expect(vendorInputSchema.parse(valid)).toEqual({
      name: 'Copart Mobile',
      type: 'auction',
      address: null,
      phone: '(251) 555-0100',
      email: null,
    })
  })

  it.each([
    [{ name: '  ' }, 'name', 'Enter the vendor’s name.'],
    [{ type: 'bank' }, 'type', 'Choose a type.'],
    [{ phone: '555' }, 'phone', 'Phone must hold at least 7 digits and only digits, spaces and ( ) + - .'],
    [{ phone: '555-0100 ext' }, 'phone', 'Phone must hold at least 7 digits and only digits, spaces and ( ) + - .'],
    [{ email: 'lot@' }, 'email', 'Enter a valid email address.'],
  ])('refuses %j naming %s', (change, field, message) => {
    const result = vendorInputSchema.safeParse({ ...valid, ...change })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message })
  })
})

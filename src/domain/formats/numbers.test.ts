import { describe, expect, it } from 'vitest'
import { formatWhole } from './numbers'

describe('formatWhole', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
  ])('%d reads %s, as en-US Intl.NumberFormat writes it', (value, text) => {
    expect(formatWhole(value)).toBe(text)
    expect(formatWhole(value)).toBe(new Intl.NumberFormat('en-US').format(value))
  })

  it('leaves a fraction to toLocaleString', () => {
    expect(formatWhole(1234.5)).toBe('1,234.5')
  })
})

import { describe, expect, it } from 'vitest'
import { daySchema } from './day'

describe('daySchema', () => {
  it.each([
    ['2026-11-23', true],
    ['1900-01-01', true],
    ['2100-12-31', true],
    ['2024-02-29', true],
    ['2026-02-30', false],
    ['0000-01-05', false],
    ['1899-12-31', false],
    ['2101-01-01', false],
    ['11/23/2026', false],
    ['', false],
  ])('%s is accepted: %s', (day, accepted) => {
    expect(daySchema.safeParse(day).success).toBe(accepted)
  })
})

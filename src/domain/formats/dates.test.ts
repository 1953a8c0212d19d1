import { describe, expect, it } from 'vitest'
import { formatCaseDate, formatCaseTime, formatDateTime } from './dates'

describe('case dates and times (SPEC.md section 2)', () => {
  it.each([
    ['2025-01-05', 'Jan 05, 2025'],
    ['2024-12-31', 'Dec 31, 2024'],
    [new Date(2025, 6, 4, 23, 59), 'Jul 04, 2025'],
    [null, '-'],
    ['', '-'],
    ['not a date', '-'],
  ])('%s is %s', (value, text) => {
    expect(formatCaseDate(value)).toBe(text)
  })

  it.each([
    [new Date(2025, 0, 5, 15, 5), '3:05 PM'],
    [new Date(2025, 0, 5, 0, 7), '12:07 AM'],
    [new Date(2025, 0, 5, 12, 0), '12:00 PM'],
    [null, '-'],
  ])('%s is %s', (value, text) => {
    expect(formatCaseTime(value)).toBe(text)
  })

  it.each([
    [new Date(2025, 0, 5, 15, 5), '1/5/25, 3:05 PM'],
    ['2025-11-22T14:07:00', '11/22/25, 2:07 PM'],
    [null, '-'],
    ['garbage', '-'],
  ])('date and time %s is %s', (value, text) => {
    expect(formatDateTime(value)).toBe(text)
  })
})

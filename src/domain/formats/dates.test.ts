import { describe, expect, it } from 'vitest'
import { formatCaseDate, formatCaseTime, formatDateTime, formatPeriod, formatWallClock } from './dates'

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

describe('periods of days (issue 41)', () => {
  it.each([
    ['2026-11-23', '2026-11-29', 'Nov 23 - Nov 29, 2026'],
    ['2026-12-28', '2027-01-03', 'Dec 28, 2026 - Jan 03, 2027'],
    ['2025-01-05', '2025-01-05', 'Jan 05, 2025'],
    ['2025-01-05', null, 'Jan 05, 2025'],
    [null, '2025-01-11', 'Jan 11, 2025'],
    [null, null, '-'],
  ])('%s to %s is %s', (start, end, text) => {
    expect(formatPeriod(start, end)).toBe(text)
  })
})

describe("a moment on the agency's clock (issue 41)", () => {
  it.each([
    ['2026-11-21T20:30:00.000Z', 'Nov 21, 2026 2:30 PM'],
    [new Date('2025-01-05T06:07:00Z'), 'Jan 05, 2025 12:07 AM'],
    ['2026-11-27T05:06:00Z', 'Nov 26, 2026 11:06 PM'],
    ['2026-06-01T04:59:00Z', 'May 31, 2026 11:59 PM'],
    [null, '-'],
    ['garbage', '-'],
  ])('%s is %s', (value, text) => {
    expect(formatWallClock(value)).toBe(text)
  })
})

describe('the forms written out equal en-US Intl.DateTimeFormat', () => {
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')
  const intl = (options: Intl.DateTimeFormatOptions) => (date: Date) =>
    plain(new Intl.DateTimeFormat('en-US', options).format(date))
  const dates: Date[] = []
  for (const year of [1000, 1999, 2000, 2001, 2009, 2010, 2025, 2099, 9999]) {
    for (let month = 0; month < 12; month++) {
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [5, 0, 7],
        [9, 9, 59],
        [10, 11, 30],
        [15, 12, 0],
        [28, 12, 1],
        [28, 13, 5],
        [28, 23, 59],
      ]) {
        dates.push(new Date(year, month, day, hour, minute))
      }
    }
  }
  // Outside four-digit years Intl writes them.
  dates.push(new Date(999, 5, 1, 8, 0), new Date(10000, 0, 1, 0, 0), new Date(-50, 0, 1, 0, 0))

  it.each([
    ['case date', formatCaseDate, intl({ month: 'short', day: '2-digit', year: 'numeric' })],
    ['case time', formatCaseTime, intl({ hour: 'numeric', minute: '2-digit' })],
    ['date and time', formatDateTime, intl({ dateStyle: 'short', timeStyle: 'short' })],
  ] as const)('%s', (_, format, reference) => {
    for (const date of dates) expect(format(date), date.toString()).toBe(reference(date))
  })
})

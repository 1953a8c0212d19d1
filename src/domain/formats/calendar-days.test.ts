import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysBetween,
  localDayOf,
  recentWeeks,
  startOfLocalDay,
  startOfMonth,
  startOfWeek,
} from './calendar-days'

describe('dashboard periods', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // Monday
    ['2026-11-25', '2026-11-23'],
    ['2026-11-29', '2026-11-23'], // Sunday ends the week
    ['2026-11-01', '2026-10-26'], // across a month
    ['2027-01-01', '2026-12-28'], // across a year
  ])('the week of %s starts on Monday %s', (day, monday) => {
    expect(startOfWeek(day)).toBe(monday)
  })

  it.each([
    ['2026-11-23', 1, '2026-11-24'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-01-01', -1, '2025-12-31'],
  ])('%s plus %i days is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected)
  })

  it('starts a month on its first and counts whole days, never negative', () => {
    expect(startOfMonth('2026-11-23')).toBe('2026-11-01')
    expect(daysBetween('2026-11-18', '2026-11-23')).toBe(5)
    expect(daysBetween('2026-11-23', '2026-11-23')).toBe(0)
    expect(daysBetween('2026-11-24', '2026-11-23')).toBe(0)
  })

  it('gives the last weeks oldest first, Monday to Sunday, the current one ending today', () => {
    expect(recentWeeks('2026-11-25', 3)).toEqual([
      { from: '2026-11-09', to: '2026-11-15' },
      { from: '2026-11-16', to: '2026-11-22' },
      { from: '2026-11-23', to: '2026-11-25' },
    ])
  })

  it.each([
    ['2026-11-23T03:00:00Z', 360, '2026-11-22'], // Sunday evening in Alabama
    ['2026-11-23T03:00:00Z', 0, '2026-11-23'],
    ['2026-11-23T23:30:00Z', -60, '2026-11-24'], // already Tuesday east of UTC
  ])('%s at offset %i falls on %s', (instant, offset, day) => {
    expect(localDayOf(new Date(instant), offset)).toBe(day)
  })

  it('starts a local day at local midnight', () => {
    expect(startOfLocalDay('2026-11-23', 360).toISOString()).toBe('2026-11-23T06:00:00.000Z')
    expect(startOfLocalDay('2026-11-23', -60).toISOString()).toBe('2026-11-22T23:00:00.000Z')
  })
})

import { describe, expect, it } from 'vitest'
import {
  AGENCY_TIME_ZONE,
  agencyDayOf,
  agencyInputOf,
  agencyMidnightOf,
  agencyOffsetMinutes,
  instantOfAgencyWall,
} from './agency-time'

describe("the agency's clock (issue 41)", () => {
  it('is Alabama time', () => {
    expect(AGENCY_TIME_ZONE).toBe('America/Chicago')
  })

  it.each([
    ['2026-11-27T05:06:00Z', '2026-11-26', '2026-11-26T23:06'],
    ['2026-11-27T06:00:00Z', '2026-11-27', '2026-11-27T00:00'],
    ['2026-07-05T04:59:00Z', '2026-07-04', '2026-07-04T23:59'],
    ['2025-01-01T05:59:59Z', '2024-12-31', '2024-12-31T23:59'],
  ])('%s is the day %s, the input %s', (instant, day, input) => {
    expect(agencyDayOf(new Date(instant))).toBe(day)
    expect(agencyInputOf(new Date(instant))).toBe(input)
  })

  it.each([
    ['2026-11-26T23:06', '2026-11-27T05:06:00.000Z'],
    ['2026-11-26T23:06:30', '2026-11-27T05:06:30.000Z'],
    ['2026-03-08T01:59', '2026-03-08T07:59:00.000Z'],
    ['2026-03-08T02:30', '2026-03-08T08:30:00.000Z'],
    ['2026-03-08T03:00', '2026-03-08T08:00:00.000Z'],
    ['2026-11-01T00:30', '2026-11-01T05:30:00.000Z'],
    ['2026-11-01T01:30', '2026-11-01T07:30:00.000Z'],
    ['2026-11-01T02:00', '2026-11-01T08:00:00.000Z'],
  ])('%s on the wall is %s', (wall, instant) => {
    expect(instantOfAgencyWall(wall)?.toISOString()).toBe(instant)
  })

  it.each(['', '2026-11-26', 'yesterday', '2026-11-26 23:06'])('%j names no instant', (wall) => {
    expect(instantOfAgencyWall(wall)).toBeNull()
  })

  it.each([
    ['2026-11-27', '2026-11-27T06:00:00.000Z'],
    ['2026-07-04', '2026-07-04T05:00:00.000Z'],
    ['2026-03-08', '2026-03-08T06:00:00.000Z'],
    ['2026-11-01', '2026-11-01T05:00:00.000Z'],
  ])('the day %s starts at %s', (day, instant) => {
    expect(agencyMidnightOf(day).toISOString()).toBe(instant)
  })

  it.each([
    ['2026-11-28T02:00:00Z', 360],
    ['2026-07-05T02:00:00Z', 300],
  ])('at %s is %i minutes behind UTC, as getTimezoneOffset says it', (instant, minutes) => {
    expect(agencyOffsetMinutes(new Date(instant))).toBe(minutes)
  })
})

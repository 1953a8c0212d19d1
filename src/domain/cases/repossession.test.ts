import { describe, expect, it } from 'vitest'
import {
  formatRepossessedAt,
  inputOfMoment,
  isRealMoment,
  momentOfInput,
  repossessionCorrectionSchema,
  repossessionOf,
} from './repossession'

describe('the repossession moment', () => {
  it.each([
    ['Repossessed', '2025-01-05T15:05:00Z', true, '2025-01-05'],
    ['Closed', '2025-01-05T15:05:00Z', true, '2025-01-05'],
    // 11:06 PM in Alabama is the next day in UTC: the day is the agency's, as payroll pays it.
    ['Repossessed', '2026-11-27T05:06:00Z', true, '2026-11-26'],
    ['Repossessed', null, true, null],
    ['Open', null, false, null],
  ])('%s at %s: repossessed %s on %s', (status, moment, repossessed, day) => {
    const found = repossessionOf(status, moment)
    expect(found.repossessed).toBe(repossessed)
    expect(found.repossessedOn).toBe(day)
  })

  it.each([
    // On the agency's clock (America/Chicago): UTC-6 in winter, UTC-5 in summer.
    ['2025-01-05T21:05:00Z', 'Jan 05, 2025 3:05 PM'],
    ['2025-01-05T06:07:00Z', 'Jan 05, 2025 12:07 AM'],
    ['2024-12-31T18:00:00Z', 'Dec 31, 2024 12:00 PM'],
    ['2026-11-27T05:06:00Z', 'Nov 26, 2026 11:06 PM'],
    ['2026-07-04T17:30:00Z', 'Jul 04, 2026 12:30 PM'],
    [null, '-'],
    ['garbage', '-'],
  ])('%s reads %s', (moment, text) => {
    expect(formatRepossessedAt(moment)).toBe(text)
  })

  it.each([
    ['2026-11-26T23:06', '2026-11-27T05:06:00.000Z'],
    ['2026-07-04T12:30', '2026-07-04T17:30:00.000Z'],
    // The spring change skips 2:00-2:59 AM: read on the offset before it (as PostgreSQL does).
    ['2026-03-08T02:30', '2026-03-08T08:30:00.000Z'],
    ['2026-03-08T03:00', '2026-03-08T08:00:00.000Z'],
    // The autumn change repeats 1:00-1:59 AM: the second one, standard time (as PostgreSQL does).
    ['2026-11-01T01:30', '2026-11-01T07:30:00.000Z'],
    ['2026-11-01T00:59', '2026-11-01T05:59:00.000Z'],
    ['not a time', 'not a time'],
  ])('the input %s on the agency clock is the moment %s', (input, moment) => {
    expect(momentOfInput(input)).toBe(moment)
  })

  it.each([
    ['2026-11-27T05:06:00.000Z', '2026-11-26T23:06'],
    ['2026-07-04T17:30:00Z', '2026-07-04T12:30'],
    ['2026-11-01T06:30:00Z', '2026-11-01T01:30'],
    ['2026-11-01T07:30:00Z', '2026-11-01T01:30'],
    [null, ''],
  ])('the moment %s is the input %s', (moment, input) => {
    expect(inputOfMoment(moment)).toBe(input)
  })

  it.each([
    ['2025-01-05T15:05Z', true],
    ['2025-01-05T15:05:00.000Z', true],
    ['2025-01-05T15:05:00-06:00', true],
    ['2025-02-30T15:05Z', false],
    ['2025-01-05T24:05Z', false],
    ['2025-01-05', false],
    ['yesterday', false],
  ])('%s is a real moment: %s', (text, real) => {
    expect(isRealMoment(text)).toBe(real)
  })

  it.each([
    [{ repossessedAt: '2025-01-05T15:05Z', reason: 'Agent logged it late' }, null],
    [{ repossessedAt: '2025-01-05T15:05Z', reason: '   ' }, 'reason'],
    [{ repossessedAt: '2025-01-05T15:05Z' }, 'reason'],
    [{ repossessedAt: '2999-01-05T15:05Z', reason: 'x' }, 'repossessedAt'],
    [{ repossessedAt: '2025-02-30T15:05Z', reason: 'x' }, 'repossessedAt'],
  ])('%j fails on %s', (input, field) => {
    const result = repossessionCorrectionSchema.safeParse(input)
    expect(result.success ? null : result.error.issues[0].path.join('.')).toBe(field)
  })
})

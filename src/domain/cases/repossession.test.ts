import { describe, expect, it } from 'vitest'
import { formatRepossessedAt, isRealMoment, repossessionCorrectionSchema, repossessionOf } from './repossession'

describe('the repossession moment', () => {
  it.each([
    ['Repossessed', '2025-01-05T15:05:00Z', true, '2025-01-05'],
    ['Closed', '2025-01-05T15:05:00Z', true, '2025-01-05'],
    ['Repossessed', null, true, null],
    ['Open', null, false, null],
  ])('%s at %s: repossessed %s on %s', (status, moment, repossessed, day) => {
    const found = repossessionOf(status, moment)
    expect(found.repossessed).toBe(repossessed)
    expect(found.repossessedOn).toBe(day)
  })

  it.each([
    ['2025-01-05T15:05:00Z', 'Jan 05, 2025 3:05 PM'],
    ['2025-01-05T00:07:00Z', 'Jan 05, 2025 12:07 AM'],
    ['2024-12-31T12:00:00Z', 'Dec 31, 2024 12:00 PM'],
    [null, '-'],
    ['garbage', '-'],
  ])('%s reads %s', (moment, text) => {
    expect(formatRepossessedAt(moment)).toBe(text)
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

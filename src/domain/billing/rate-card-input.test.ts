import { describe, expect, it } from 'vitest'
import { rateCardVersionInputSchema } from './rate-card-input'
import { rateRow } from './rate-row-fixture'

const rate = { feeType: 'Keys Fee', basis: 'flat', amountCents: 5_000 }
const version = (overrides: Record<string, unknown> = {}) => ({
  effectiveFrom: '2026-01-01',
  rows: [rate],
  ...overrides,
})

/** The first problem's path and message, or null when the input is good. */
function firstProblem(input: unknown) {
  const parsed = rateCardVersionInputSchema.safeParse(input)
  return parsed.success
    ? null
    : { path: parsed.error.issues[0].path.join('.'), message: parsed.error.issues[0].message }
}

describe('a rate card version as the form sends it', () => {
  it('reads a fee by any of its names into its code, with defaults for what is left out', () => {
    const parsed = rateCardVersionInputSchema.parse(version())
    expect(parsed).toEqual({
      effectiveFrom: '2026-01-01',
      effectiveTo: null,
      storage: null,
      rows: [rateRow({ feeType: 'KEYS', amountCents: 5_000 })],
    })
  })

  it.each([
    ['an unknown fee type', version({ rows: [{ ...rate, feeType: 'Bananas' }] }), 'rows.0.feeType', /Unknown fee type/],
    [
      'a negative amount',
      version({ rows: [{ ...rate, amountCents: -1 }] }),
      'rows.0.amountCents',
      /non-negative cents/,
    ],
    ['a fraction of a cent', version({ rows: [{ ...rate, amountCents: 12.5 }] }), 'rows.0.amountCents', /whole/],
    [
      'dollars as text',
      version({ rows: [{ ...rate, amountCents: '50.00' }] }),
      'rows.0.amountCents',
      /number of cents/,
    ],
    [
      'a min above the max',
      version({ rows: [{ ...rate, minCents: 900, maxCents: 100 }] }),
      'rows.0.minCents',
      /above the maximum/,
    ],
    ['an unknown basis', version({ rows: [{ ...rate, basis: 'hourly' }] }), 'rows.0.basis', /flat, per day/],
    [
      'a state name',
      version({ rows: [{ ...rate, noPassOnStates: ['Georgia'] }] }),
      'rows.0.noPassOnStates.0',
      /two-letter/,
    ],
    ['the same fee twice', version({ rows: [rate, { ...rate, feeType: 'KEYS' }] }), 'rows.1.feeType', /priced twice/],
    ['no rows', version({ rows: [] }), 'rows', /at least one rate/],
    ['a bad day', version({ effectiveFrom: '2026-13-45' }), 'effectiveFrom', /YYYY-MM-DD/],
    ['an end before the start', version({ effectiveTo: '2025-12-31' }), 'effectiveTo', /before the first/],
    [
      'a storage cap in dollars',
      version({ storage: { freeDays: 2, dailyCents: 3500, capCents: 99.5 } }),
      'storage.capCents',
      /whole/,
    ],
  ])('refuses %s, naming the field', (_, input, path, message) => {
    const problem = firstProblem(input)
    expect(problem?.path).toBe(path)
    expect(problem?.message).toMatch(message)
  })

  it('allows the same fee once per order type', () => {
    expect(firstProblem(version({ rows: [rate, { ...rate, orderType: 'Impound' }] }))).toBeNull()
  })
})

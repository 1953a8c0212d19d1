import { describe, expect, it } from 'vitest'
import { fieldCovers } from './field-path'

describe('fieldCovers', () => {
  it.each([
    ['keyType', 'keyType', true],
    ['rows.0.marketAmounts', 'rows.0.marketAmounts.Mobile', true],
    ['rows.0.noPassOnStates', 'rows.0.noPassOnStates.1', true],
    ['rows.0.amountCents', 'rows.0.amountCents', true],
    ['rows.0.amount', 'rows.0.amountCents', false],
    ['rows.1.amountCents', 'rows.10.amountCents', false],
    ['reason', 'status', false],
    ['changes.keyType', 'keyType', false],
  ])('%s answers for %s: %s', (claim, field, covers) => {
    expect(fieldCovers(claim, field)).toBe(covers)
  })
})

import { describe, expect, it } from 'vitest'
import { storageRuleText } from './storage-rule-text'

describe('storageRuleText', () => {
  it.each([
    [{ freeDays: 1, dailyCents: 3_500, capCents: null }, 'Storage: $35.00 a day after 1 free day.'],
    [{ freeDays: 0, dailyCents: 3_500, capCents: null }, 'Storage: $35.00 a day after 0 free days.'],
    [{ freeDays: 3, dailyCents: 2_000, capCents: 50_000 }, 'Storage: $20.00 a day after 3 free days, at most $500.00.'],
    [null, 'No storage rule.'],
  ])('%j reads %s', (storage, text) => {
    expect(storageRuleText(storage)).toBe(text)
  })
})

import { describe, expect, it } from 'vitest'
import { mayReadCaseFees } from './fee-needs'
import { payRule } from './pay-fixtures'
import type { PayRule } from './rules'

const rule = (changes: Partial<PayRule>): PayRule => payRule({ excludedFeeTypes: [], ...changes })
const recovery = { kind: 'recovery', orderType: 'Involuntary', clientId: 'client-a' }

describe('mayReadCaseFees', () => {
  it.each([
    { name: 'no rules', rules: [], reads: false },
    { name: 'a flat rule', rules: [rule({})], reads: false },
    { name: 'a percent of billed', rules: [rule({ basis: 'percent_billed', rate: 4_000 })], reads: true },
    { name: 'a percent of collected', rules: [rule({ basis: 'percent_collected', rate: 4_000 })], reads: true },
    { name: 'a flat rule held until the lender pays', rules: [rule({ holdback: true })], reads: true },
    { name: 'a percent of another kind', rules: [rule({ kind: 'find', basis: 'percent_billed' })], reads: false },
    {
      name: 'a percent for another order type',
      rules: [rule({ orderType: 'Impound', basis: 'percent_billed' })],
      reads: false,
    },
    {
      name: 'a percent for its order type, whatever its case',
      rules: [rule({ orderType: 'involuntary', basis: 'percent_billed' })],
      reads: true,
    },
    { name: 'a percent for another client', rules: [rule({ clientId: 'client-b', holdback: true })], reads: false },
    { name: 'a percent for its client', rules: [rule({ clientId: 'client-a', holdback: true })], reads: true },
    {
      name: "one person's percent (who is paid is not known yet: read)",
      rules: [rule({ role: null, profileId: 'someone', basis: 'percent_billed' })],
      reads: true,
    },
  ])('$name', ({ rules, reads }) => {
    expect(mayReadCaseFees(recovery, rules)).toBe(reads)
  })
})

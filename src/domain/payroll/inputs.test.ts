import { describe, expect, it } from 'vitest'
import type { ZodSafeParseResult } from 'zod'
import {
  endRuleSchema,
  payEntryInputSchema,
  payRuleInputSchema,
  paySettingsSchema,
  vendorCostInputSchema,
} from './inputs'

const ANN = '3f2c7a9e-5b1d-4c8e-9f0a-1b2c3d4e5f60'
const BANK = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'
const ORDER = '0c1d2e3f-4a5b-4c6d-9e7f-8a9b0c1d2e3f'

/** Each issue as [field, message] ('' for the whole form). */
const issues = (result: ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])

const rule = { kind: 'recovery', role: 'recovery_agent', basis: 'flat', rate: 15_000, effectiveFrom: '2024-01-01' }

describe('a pay rule as the form sends it (issue 18)', () => {
  it('fills in what the form leaves out', () => {
    expect(payRuleInputSchema.parse(rule)).toEqual({
      kind: 'recovery',
      role: 'recovery_agent',
      profileId: null,
      orderType: null,
      clientId: null,
      basis: 'flat',
      rate: 15_000,
      tierAfter: null,
      tierRate: null,
      finderShareBp: 0,
      partnerShareBp: 0,
      excludedFeeTypes: ['STORAGE'],
      holdback: false,
      effectiveFrom: '2024-01-01',
      effectiveTo: null,
    })
  })

  it.each([
    ['a personal override', { role: null, profileId: ANN }, { role: null, profileId: ANN }],
    ['a trimmed order type', { orderType: '  LPR ' }, { orderType: 'LPR' }],
    ['an empty order type is none', { orderType: '' }, { orderType: null }],
    ['a client', { clientId: BANK }, { clientId: BANK }],
    [
      'a tier and a split with holdback',
      { tierAfter: 5, tierRate: 20_000, finderShareBp: 2_500, partnerShareBp: 5_000, holdback: true },
      { tierAfter: 5, tierRate: 20_000, finderShareBp: 2_500, partnerShareBp: 5_000, holdback: true },
    ],
    ['100 % of collected', { basis: 'percent_collected', rate: 10_000 }, { rate: 10_000 }],
    [
      'fee types by any name, once each',
      { basis: 'percent_billed', rate: 1_000, excludedFeeTypes: ['Storage Fee', 'keys', 'STORAGE', 'Lot Storage'] },
      { excludedFeeTypes: ['STORAGE', 'KEYS'] },
    ],
    ['no fee type left out', { excludedFeeTypes: [] }, { excludedFeeTypes: [] }],
    ['an end day', { effectiveTo: '2024-12-31' }, { effectiveTo: '2024-12-31' }],
  ] as [string, object, object][])('accepts %s', (_, input, expected) => {
    expect(payRuleInputSchema.parse({ ...rule, ...input })).toMatchObject(expected)
  })

  it.each([
    ['a negative rate', { rate: -1 }, ['rate', 'The rate cannot be negative.']],
    ['a rate in fractions of a cent', { rate: 12.5 }, ['rate', 'The rate must be whole cents or basis points.']],
    ['a rate as text', { rate: '150' }, ['rate', 'The rate must be a number.']],
    ['a negative tier rate', { tierAfter: 2, tierRate: -5 }, ['tierRate', 'The tier rate cannot be negative.']],
    ['a negative finder share', { finderShareBp: -1 }, ['finderShareBp', 'The finder share cannot be negative.']],
    ['a finder share over 100 %', { finderShareBp: 10_001 }, ['finderShareBp', 'A split cannot be over 100 %.']],
    ['a partner share over 100 %', { partnerShareBp: 12_000 }, ['partnerShareBp', 'A split cannot be over 100 %.']],
    [
      'shares together over 100 %',
      { finderShareBp: 6_000, partnerShareBp: 5_000 },
      ['', 'A split cannot be over 100 %.'],
    ],
    [
      'an unknown fee type',
      { excludedFeeTypes: ['Storage', 'Bogus'] },
      ['excludedFeeTypes', "Unknown fee type 'Bogus'."],
    ],
    ['over 100 % of billed', { basis: 'percent_billed', rate: 10_001 }, ['', 'A percent cannot be over 100 %.']],
    ['neither role nor person', { role: null }, ['', 'Choose a role or one person, not both.']],
    ['a role and a person', { profileId: ANN }, ['', 'Choose a role or one person, not both.']],
    ['an unknown role', { role: 'pilot' }, ['role', 'Choose a role.']],
    ['a person who is not an id', { role: null, profileId: 'ann' }, ['profileId', 'Choose a person.']],
    ['a manual kind', { kind: 'chargeback' }, ['kind', 'Choose what the rule pays for.']],
    ['an unknown basis', { basis: 'per_day' }, ['basis', 'Choose how the rule pays.']],
    ['a tier count with no rate', { tierAfter: 3 }, ['', 'Give both the tier count and the tier rate.']],
    ['a tier after no events', { tierAfter: 0, tierRate: 100 }, ['', 'The tier starts after at least one event.']],
    ['a split of a find', { kind: 'find', finderShareBp: 1_000 }, ['', 'Only recoveries are split.']],
    [
      'a day that is not a day',
      { effectiveFrom: '2024-02-30x' },
      ['effectiveFrom', 'Give the first day the rule applies, as YYYY-MM-DD.'],
    ],
    ['an end before the start', { effectiveTo: '2023-12-31' }, ['', 'The rule cannot end before it starts.']],
  ] as [string, object, string[]][])('rejects %s', (_, input, issue) => {
    const result = payRuleInputSchema.safeParse({ ...rule, ...input })
    expect(result.success).toBe(false)
    expect(issues(result)).toContainEqual(issue)
  })
})

describe('a manual pay entry', () => {
  const base = { profileId: ANN, occurredOn: '2024-01-16' }

  it.each([
    [
      'an adjustment with no case',
      { kind: 'adjustment', amountCents: 5_000, note: ' Fuel ' },
      { kind: 'adjustment', amountCents: 5_000, note: 'Fuel', orderId: null, caseId: null },
    ],
    ['a negative adjustment', { kind: 'adjustment', amountCents: -2_500, note: 'Advance' }, { amountCents: -2_500 }],
    [
      'a chargeback on an order',
      { kind: 'chargeback', amountCents: 15_000, reason: 'Damage', orderId: ORDER },
      { kind: 'chargeback', amountCents: 15_000, reason: 'Damage', note: null, orderId: ORDER, caseId: null },
    ],
    [
      'a chargeback on an RDN case given as text',
      { kind: 'chargeback', amountCents: 1, reason: 'Other', caseId: '4412' },
      { caseId: 4_412 },
    ],
    [
      'logged transport with miles',
      { kind: 'transport', miles: 42.5, orderId: ORDER },
      { kind: 'transport', miles: 42.5, hours: null, note: null, orderId: ORDER, caseId: null },
    ],
    [
      'a field visit with hours',
      { kind: 'field_visit', hours: 1.5, caseId: 7 },
      { hours: 1.5, miles: null, caseId: 7 },
    ],
    ['keys made', { kind: 'key', orderId: ORDER }, { kind: 'key' }],
    ['a condition report', { kind: 'condition_report', caseId: 9 }, { kind: 'condition_report' }],
  ] as [string, object, object][])('accepts %s', (_, input, expected) => {
    expect(payEntryInputSchema.parse({ ...base, ...input })).toMatchObject(expected)
  })

  it.each([
    [
      'a zero adjustment',
      { kind: 'adjustment', amountCents: 0, note: 'x' },
      ['amountCents', 'An adjustment cannot be zero.'],
    ],
    ['an adjustment with no reason', { kind: 'adjustment', amountCents: 100, note: '  ' }, ['note', 'Say why.']],
    [
      'an adjustment in fractions of a cent',
      { kind: 'adjustment', amountCents: 1.5, note: 'x' },
      ['amountCents', 'The amount must be whole cents.'],
    ],
    [
      'a chargeback with no case',
      { kind: 'chargeback', amountCents: 100, reason: 'Damage' },
      ['orderId', 'A chargeback is tied to a case.'],
    ],
    [
      'a chargeback of zero',
      { kind: 'chargeback', amountCents: 0, reason: 'Damage', caseId: 4 },
      ['amountCents', 'The amount must be more than zero.'],
    ],
    [
      'a chargeback given as negative',
      { kind: 'chargeback', amountCents: -100, reason: 'Damage', caseId: 4 },
      ['amountCents', 'The amount must be more than zero.'],
    ],
    [
      'a chargeback with no reason',
      { kind: 'chargeback', amountCents: 100, orderId: ORDER },
      ['reason', 'Choose a reason.'],
    ],
    [
      'a chargeback with an unknown reason',
      { kind: 'chargeback', amountCents: 100, reason: 'Late', orderId: ORDER },
      ['reason', 'Choose a reason.'],
    ],
    ['logged work with no case', { kind: 'transport', miles: 10 }, ['orderId', 'Logged work is tied to a case.']],
    ['negative miles', { kind: 'transport', miles: -1, caseId: 4 }, ['miles', 'Miles cannot be negative.']],
    ['more than a day of hours', { kind: 'field_visit', hours: 25, caseId: 4 }, ['hours', 'At most 24 hours a day.']],
    ['an RDN case that is not a number', { kind: 'key', caseId: 'abc' }, ['caseId', expect.any(String)]],
    ['a case number of zero', { kind: 'key', caseId: 0 }, ['caseId', 'Choose an RDN case.']],
    ['an order that is not an id', { kind: 'key', orderId: '7' }, ['orderId', 'Choose an order.']],
    ['a bad day', { kind: 'key', caseId: 4, occurredOn: '16/01/2024' }, ['occurredOn', 'Give the day, as YYYY-MM-DD.']],
    ['a person who is not an id', { kind: 'key', caseId: 4, profileId: 'ann' }, ['profileId', 'Choose a person.']],
  ] as [string, object, unknown[]][])('rejects %s', (_, input, issue) => {
    const result = payEntryInputSchema.safeParse({ ...base, ...input })
    expect(result.success).toBe(false)
    expect(issues(result)).toContainEqual(issue)
  })

  it.each([['recovery'], ['find'], ['close_fee'], ['bonus']])('rejects work of kind %s logged by hand', (kind) => {
    const result = payEntryInputSchema.safeParse({ ...base, kind, caseId: 4 })
    expect(result.success).toBe(false)
    expect(issues(result).map(([path]) => path)).toEqual(['kind'])
  })
})

describe('the other payroll forms', () => {
  it.each([
    [{ cadence: 'weekly', anchor: '2024-01-01' }, true],
    [{ cadence: 'biweekly', anchor: '2024-01-03' }, true],
    [{ cadence: 'monthly', anchor: '2024-01-01' }, false],
    [{ cadence: 'weekly', anchor: '2024-13-01' }, false],
  ])('pay settings %o: %s', (input, ok) => {
    expect(paySettingsSchema.safeParse(input).success).toBe(ok)
  })

  it.each([
    [{ effectiveTo: '2024-06-30' }, true],
    [{}, false],
    [{ effectiveTo: 'June' }, false],
  ])('ending a rule %o: %s', (input, ok) => {
    expect(endRuleSchema.safeParse(input).success).toBe(ok)
  })

  it.each([
    [{ kind: 'keys', amountCents: 7_500, incurredOn: '2024-01-16' }, []],
    [{ kind: 'towing', amountCents: 7_500, incurredOn: '2024-01-16' }, [['kind', 'Choose keys, transport or other.']]],
    [
      { kind: 'other', amountCents: 0, incurredOn: '2024-01-16' },
      [['amountCents', 'The amount must be more than zero.']],
    ],
  ])('a vendor cost %o', (input, expected) => {
    expect(issues(vendorCostInputSchema.safeParse({ vendorId: BANK, ...input }))).toEqual(expected)
  })
})

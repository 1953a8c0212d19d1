import { describe, expect, it } from 'vitest'
import { payRule } from './pay-fixtures'
import { overlappingRule, type Payee, type PayRule, type RuleTarget, ruleFor, ruleProblems, ruleScope } from './rules'

/** The fixture's rule as a form would send it, before it has an id. */
const draft = (overrides: Partial<PayRule> = {}): Omit<PayRule, 'id'> => {
  const { id: _, ...rest } = payRule(overrides)
  return rest
}

describe('why a pay rule cannot be saved (issue 18)', () => {
  it.each([
    ['a role rule', {}],
    ['a personal override', { role: null, profileId: 'p1' }],
    ['a zero rate', { rate: 0 }],
    ['a flat rate over 10,000 cents (not a percent)', { rate: 50_000 }],
    ['exactly 100 % of billed', { basis: 'percent_billed', rate: 10_000 }],
    ['a percent tier up to 100 %', { basis: 'percent_collected', rate: 1_000, tierAfter: 5, tierRate: 10_000 }],
    ['a tier after one event', { tierAfter: 1, tierRate: 20_000 }],
    ['a tier rate of zero', { tierAfter: 3, tierRate: 0 }],
    ['a recovery split to 100 %', { finderShareBp: 4_000, partnerShareBp: 6_000 }],
    ['a one-day rule', { effectiveFrom: '2024-03-01', effectiveTo: '2024-03-01' }],
    ['earns nothing', { basis: 'none', rate: 0 }],
  ] as [string, Partial<PayRule>][])('%s can be saved', (_, overrides) => {
    expect(ruleProblems(draft(overrides))).toEqual([])
  })

  it.each([
    ['neither role nor person', { role: null }, 'Choose a role or one person, not both.'],
    ['both a role and a person', { profileId: 'p1' }, 'Choose a role or one person, not both.'],
    ['a negative rate', { rate: -1 }, 'The rate cannot be negative.'],
    ['a fractional rate', { rate: 12.5 }, 'The rate cannot be negative.'],
    ['over 100 % of billed', { basis: 'percent_billed', rate: 10_001 }, 'A percent cannot be over 100 %.'],
    ['over 100 % of collected', { basis: 'percent_collected', rate: 20_000 }, 'A percent cannot be over 100 %.'],
    [
      'a percent tier over 100 %',
      { basis: 'percent_billed', rate: 500, tierAfter: 2, tierRate: 10_001 },
      'A percent cannot be over 100 %.',
    ],
    ['a negative tier rate', { tierAfter: 2, tierRate: -100 }, 'The tier rate cannot be negative.'],
    ['a tier count with no tier rate', { tierAfter: 2 }, 'Give both the tier count and the tier rate.'],
    ['a tier rate with no tier count', { tierRate: 20_000 }, 'Give both the tier count and the tier rate.'],
    ['a tier after zero events', { tierAfter: 0, tierRate: 100 }, 'The tier starts after at least one event.'],
    ['a tier after half an event', { tierAfter: 1.5, tierRate: 100 }, 'The tier starts after at least one event.'],
    ['a negative finder share', { finderShareBp: -1 }, 'A split share cannot be negative.'],
    ['a negative partner share', { partnerShareBp: -500 }, 'A split share cannot be negative.'],
    ['a split over 100 %', { finderShareBp: 6_000, partnerShareBp: 4_001 }, 'A split cannot be over 100 %.'],
    ['a finder share over 100 % alone', { finderShareBp: 10_001 }, 'A split cannot be over 100 %.'],
    ['a split of something else than a recovery', { kind: 'find', finderShareBp: 1_000 }, 'Only recoveries are split.'],
    ['a partner share of a close fee', { kind: 'close_fee', partnerShareBp: 1 }, 'Only recoveries are split.'],
    [
      'an end before its start',
      { effectiveFrom: '2024-03-02', effectiveTo: '2024-03-01' },
      'The rule cannot end before it starts.',
    ],
  ] as [string, Partial<PayRule>, string][])('%s: one problem', (_, overrides, problem) => {
    expect(ruleProblems(draft(overrides))).toEqual([problem])
  })

  it('names every problem once, even when two fields break the same rule', () => {
    expect(
      ruleProblems(
        draft({
          kind: 'find',
          role: null,
          basis: 'percent_billed',
          rate: 12_000,
          tierAfter: 2,
          tierRate: 15_000,
          finderShareBp: 9_000,
          partnerShareBp: 2_000,
          effectiveTo: '2023-12-31',
        }),
      ),
    ).toEqual([
      'Choose a role or one person, not both.',
      'A percent cannot be over 100 %.',
      'A split cannot be over 100 %.',
      'Only recoveries are split.',
      'The rule cannot end before it starts.',
    ])
  })
})

describe('two rules for the same thing on the same day', () => {
  const existing = [
    payRule({ id: 'agents-2024', effectiveFrom: '2024-01-01', effectiveTo: '2024-06-30' }),
    payRule({ id: 'agents-involuntary', orderType: 'Involuntary', effectiveFrom: '2024-01-01' }),
    payRule({ id: 'ann', role: null, profileId: 'ann', effectiveFrom: '2024-03-01' }),
  ]

  it.each([
    ['the same scope, inside its dates', {}, 'agents-2024'],
    ['the same scope, starting on its last day', { effectiveFrom: '2024-06-30' }, 'agents-2024'],
    [
      'the same scope, ending on its first day',
      { effectiveFrom: '2023-01-01', effectiveTo: '2024-01-01' },
      'agents-2024',
    ],
    ['the same scope, open-ended from before it', { effectiveFrom: '2023-01-01' }, 'agents-2024'],
    ['the same scope, starting the day after it ends', { effectiveFrom: '2024-07-01' }, undefined],
    [
      'the same scope, ending the day before it starts',
      { effectiveFrom: '2023-01-01', effectiveTo: '2023-12-31' },
      undefined,
    ],
    [
      'an order type rule beside an open-ended one',
      { orderType: 'Involuntary', effectiveFrom: '2030-01-01' },
      'agents-involuntary',
    ],
    ['the same order type in another case', { orderType: 'INVOLUNTARY' }, 'agents-involuntary'],
    ['another order type', { orderType: 'Voluntary' }, undefined],
    ['a client rule', { clientId: 'bank' }, undefined],
    ['another role', { role: 'camera_driver' }, undefined],
    ['another kind', { kind: 'find' }, undefined],
    ['the same person', { role: null, profileId: 'ann', effectiveFrom: '2025-01-01' }, 'ann'],
    ['the same person, before their override', { role: null, profileId: 'ann', effectiveTo: '2024-02-29' }, undefined],
    ['another person', { role: null, profileId: 'bob' }, undefined],
  ] as [string, Partial<PayRule>, string | undefined][])('%s', (_, overrides, clash) => {
    expect(overlappingRule(draft(overrides), existing)?.id).toBe(clash)
  })

  it('order types in two cases would both price the same event, so they are one scope', () => {
    const upper = payRule({ id: 'upper', orderType: 'LPR', rate: 10_000 })
    const lower = payRule({ id: 'lower', orderType: 'lpr', rate: 20_000 })
    const event: RuleTarget = { kind: 'recovery', occurredOn: '2024-05-01', orderType: 'Lpr', clientId: null }
    const agent: Payee = { id: 'ann', role: 'recovery_agent' }
    expect(ruleFor(event, agent, [upper, lower])?.id).toBe('upper')
    expect(ruleFor(event, agent, [lower, upper])?.id).toBe('lower')
    expect(ruleScope(upper)).toBe(ruleScope(lower))
    expect(overlappingRule(draft({ orderType: 'lpr' }), [upper])?.id).toBe('upper')
  })

  it('scopes a rule by kind, person or role, order type and client', () => {
    expect(ruleScope(payRule())).toBe('recovery|role:recovery_agent|*|*')
    expect(ruleScope(payRule({ role: null, profileId: 'ann', orderType: 'LPR', clientId: 'bank' }))).toBe(
      'recovery|ann|lpr|bank',
    )
  })
})

describe('the rule that prices an event', () => {
  const agent: Payee = { id: 'ann', role: 'recovery_agent' }
  const target = (overrides: Partial<RuleTarget> = {}): RuleTarget => ({
    kind: 'recovery',
    occurredOn: '2024-05-10',
    orderType: 'Involuntary',
    clientId: 'bank',
    ...overrides,
  })
  const rules = [
    payRule({ id: 'role' }),
    payRule({ id: 'role-type', orderType: 'involuntary' }),
    payRule({ id: 'role-client', clientId: 'bank' }),
    payRule({ id: 'role-client-type', clientId: 'bank', orderType: 'INVOLUNTARY' }),
    payRule({ id: 'ann', role: null, profileId: 'ann' }),
    payRule({ id: 'ann-client', role: null, profileId: 'ann', clientId: 'bank' }),
    payRule({ id: 'ann-type', role: null, profileId: 'ann', orderType: 'Involuntary' }),
  ]
  const only = (...ids: string[]) => rules.filter((candidate) => ids.includes(candidate.id))

  it.each([
    ['a role rule for any order type and client', only('role'), 'role'],
    ['an order type beats none', only('role', 'role-type'), 'role-type'],
    ['a client beats an order type', only('role', 'role-type', 'role-client'), 'role-client'],
    ['a client and order type beat a client', only('role-client', 'role-client-type', 'role'), 'role-client-type'],
    ['a personal override beats the most precise role rule', only('role-client-type', 'ann'), 'ann'],
    ['an override for a client beats one for an order type', only('ann-type', 'ann-client', 'ann'), 'ann-client'],
    ['the listing order does not matter', [...rules].reverse(), 'ann-client'],
    ['no rule of the kind', [payRule({ kind: 'find' })], null],
    ['nothing at all', [], null],
  ] as [string, PayRule[], string | null][])('%s', (_, candidates, id) => {
    expect(ruleFor(target(), agent, candidates)?.id ?? null).toBe(id)
  })

  it.each([
    ['the same case', 'Involuntary', 'role-type'],
    ['lower case', 'involuntary', 'role-type'],
    ['upper case', 'INVOLUNTARY', 'role-type'],
    ['another order type', 'Voluntary', 'role'],
    ['an event with no order type', null, 'role'],
  ])('compares order types whatever their case: %s', (_, orderType, id) => {
    expect(ruleFor(target({ orderType }), agent, only('role', 'role-type'))?.id).toBe(id)
  })

  it.each([
    ['its client', 'bank', 'role-client'],
    ['another client', 'credit-union', 'role'],
    ['no client', null, 'role'],
  ])('a client rule applies to %s only', (_, clientId, id) => {
    expect(ruleFor(target({ clientId }), agent, only('role', 'role-client'))?.id).toBe(id)
  })

  const dated = [
    payRule({ id: 'old', effectiveFrom: '2023-01-01', effectiveTo: '2024-03-31' }),
    payRule({ id: 'new', effectiveFrom: '2024-04-01', rate: 17_500 }),
    payRule({ id: 'ann-summer', role: null, profileId: 'ann', effectiveFrom: '2024-06-01', effectiveTo: '2024-08-31' }),
  ]
  it.each([
    ['2022-12-31', null],
    ['2023-01-01', 'old'],
    ['2024-03-31', 'old'],
    ['2024-04-01', 'new'],
    ['2024-05-31', 'new'],
    ['2024-06-01', 'ann-summer'],
    ['2024-08-31', 'ann-summer'],
    ['2024-09-01', 'new'],
  ])('on %s the rule in effect is %s', (occurredOn, id) => {
    expect(ruleFor(target({ occurredOn }), agent, dated)?.id ?? null).toBe(id)
  })

  it.each([
    ['a recovery agent: the override is not theirs', { id: 'bob', role: 'recovery_agent' }, 'role'],
    ['a camera driver: neither rule', { id: 'carl', role: 'camera_driver' }, null],
    ['the overridden person in another role still gets their override', { id: 'ann', role: 'field_manager' }, 'ann'],
  ] as [string, Payee, string | null][])('for %s', (_, payee, id) => {
    expect(ruleFor(target(), payee, only('role', 'ann'))?.id ?? null).toBe(id)
  })
})

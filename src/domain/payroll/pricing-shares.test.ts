import { describe, expect, it } from 'vitest'
import { payEvent, payees, payRule } from './pay-fixtures'
import { type PayEvent, priceEvents } from './pricing'
import { brief, price } from './pricing-fixture'
import type { PayRule } from './rules'

describe('volume tiers', () => {
  const tiered = payRule({ rate: 15_000, tierAfter: 2, tierRate: 20_000 })
  const recovery = (n: number, overrides: Partial<PayEvent> = {}) =>
    payEvent({ key: `recovery:order:${n}`, occurredOn: `2024-03-0${n}`, caseLabel: `Case ${n}`, ...overrides })

  it('pays the tier rate for each event after the tier count, in the order they happened', () => {
    const events = [recovery(4), recovery(1), recovery(3), recovery(2)]
    expect(brief(price(events, [tiered]))).toEqual([
      ['recovery:order:1', 'ann', 15_000, false, 'Recovery: flat $150.00 (role rule)'],
      ['recovery:order:2', 'ann', 15_000, false, 'Recovery: flat $150.00 (role rule)'],
      [
        'recovery:order:3',
        'ann',
        20_000,
        false,
        'Recovery: flat $200.00, tier rate after 2 this period (#3) (role rule)',
      ],
      [
        'recovery:order:4',
        'ann',
        20_000,
        false,
        'Recovery: flat $200.00, tier rate after 2 this period (#4) (role rule)',
      ],
    ])
  })

  it('orders events of the same day by key', () => {
    const sameDay = ['b', 'c', 'a'].map((id) => payEvent({ key: `recovery:${id}` }))
    expect(
      price(sameDay, [payRule({ tierAfter: 1, tierRate: 1 })]).map((line) => [line.key, line.amountCents]),
    ).toEqual([
      ['recovery:a', 15_000],
      ['recovery:b', 1],
      ['recovery:c', 1],
    ])
  })

  it.each([
    [
      'each person counts their own events',
      [recovery(1), recovery(2, { profileId: 'bob' }), recovery(3), recovery(4, { profileId: 'bob' })],
      [15_000, 15_000, 15_000, 15_000],
    ],
    [
      'each kind counts apart',
      [recovery(1), recovery(2, { kind: 'close_fee' }), recovery(3, { kind: 'close_fee' }), recovery(4)],
      [15_000, 15_000, 15_000, 15_000],
    ],
    ['the third one is tiered', [recovery(1), recovery(2), recovery(3)], [15_000, 15_000, 20_000]],
    [
      'events with no rule do not count',
      [recovery(1, { orderType: 'Voluntary' }), recovery(2), recovery(3), recovery(4)],
      [0, 15_000, 15_000, 20_000],
    ],
    [
      'manual lines do not count',
      [recovery(1, { kind: 'adjustment', amountCents: 100 }), recovery(2), recovery(3), recovery(4)],
      [100, 15_000, 15_000, 20_000],
    ],
  ])('%s', (_, events, amounts) => {
    const rules = [
      payRule({ orderType: 'Involuntary', tierAfter: 2, tierRate: 20_000 }),
      payRule({ id: 'close', kind: 'close_fee', tierAfter: 2, tierRate: 20_000 }),
    ]
    expect(price(events, rules).map((line) => line.amountCents)).toEqual(amounts)
  })

  it('a percent tier takes the tier percent of the same base', () => {
    const percent = payRule({ basis: 'percent_billed', rate: 1_000, tierAfter: 1, tierRate: 1_500 })
    expect(brief(price([recovery(1), recovery(2)], [percent]))).toEqual([
      ['recovery:order:1', 'ann', 4_000, false, 'Recovery: 10 % of $400.00 billed (not STORAGE) (role rule)'],
      [
        'recovery:order:2',
        'ann',
        6_000,
        false,
        'Recovery: 15 % of $400.00 billed (not STORAGE), tier rate after 1 this period (#2) (role rule)',
      ],
    ])
  })

  it('a personal override with its own tier beside the role rule: each person by their own rule', () => {
    const rules = [
      payRule({ id: 'agents', rate: 15_000, tierAfter: 3, tierRate: 17_500 }),
      payRule({ id: 'ann', role: null, profileId: 'ann', rate: 16_000, tierAfter: 1, tierRate: 21_000 }),
    ]
    const events = [1, 2, 3, 4].flatMap((n) => [recovery(n), recovery(n, { key: `bob:${n}`, profileId: 'bob' })])
    expect(price(events, rules).map((line) => [line.profileId, line.ruleId, line.amountCents])).toEqual([
      ['bob', 'agents', 15_000],
      ['ann', 'ann', 16_000],
      ['bob', 'agents', 15_000],
      ['ann', 'ann', 21_000],
      ['bob', 'agents', 15_000],
      ['ann', 'ann', 21_000],
      ['bob', 'agents', 17_500],
      ['ann', 'ann', 21_000],
    ])
  })

  it('a rule with no tier never tiers', () => {
    const many = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => recovery(n))
    expect(new Set(price(many, [payRule()]).map((line) => line.amountCents))).toEqual(new Set([15_000]))
  })
})

describe('splits between the agent, the camera car finder and a team partner', () => {
  const split = (overrides: Partial<PayRule> = {}) =>
    payRule({ finderShareBp: 2_500, partnerShareBp: 5_000, ...overrides })

  it('gives each their share and the agent the rest, with words for each', () => {
    expect(brief(price([payEvent({ finderId: 'cam', partnerId: 'bob' })], [split({ rate: 20_000 })]))).toEqual([
      ['recovery:order:7:finder', 'cam', 5_000, false, "25 % split as finder of Ann Agent's $200.00 recovery"],
      ['recovery:order:7:partner', 'bob', 10_000, false, "50 % split as team partner of Ann Agent's $200.00 recovery"],
      [
        'recovery:order:7',
        'ann',
        5_000,
        false,
        'Recovery: flat $200.00 (role rule), 25 % to the finder, 50 % to the team partner',
      ],
    ])
  })

  it.each([
    ['an even split', 20_000, 2_500, 5_000, [5_000, 10_000, 5_000]],
    ['shares that round down', 10_001, 2_500, 3_333, [2_500, 3_333, 4_168]],
    ['shares that round up', 999, 3_350, 3_350, [335, 335, 329]],
    ['one cent split in two halves: the agent is never left below zero', 1, 5_000, 5_000, [1, 0, 0]],
    ['odd cents, a third each', 10_000, 3_333, 3_333, [3_333, 3_333, 3_334]],
    ['all to the others, halves of odd cents', 7_777, 5_000, 5_000, [3_889, 3_888, 0]],
    ['nearly all to the others', 3, 4_999, 4_999, [1, 1, 1]],
    ['percent-of-billed recovery split', 0, 1_234, 4_321, [494, 1_728, 1_778]],
  ])('%s: the shares sum to the whole amount', (_, rate, finderShareBp, partnerShareBp, expected) => {
    const rule =
      rate === 0
        ? split({ basis: 'percent_billed', rate: 1_000, finderShareBp, partnerShareBp })
        : split({ rate, finderShareBp, partnerShareBp })
    const lines = price([payEvent({ finderId: 'cam', partnerId: 'bob' })], [rule])
    expect(lines.map((line) => line.amountCents)).toEqual(expected)
    const whole = rate === 0 ? 4_000 : rate
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(whole)
  })

  it.each([
    ['no finder or partner on the case', {}, [], ['ann']],
    ['only a finder', { finderId: 'cam' }, [], ['cam', 'ann']],
    ['only a partner', { partnerId: 'bob' }, [], ['bob', 'ann']],
    ['the agent found it themselves', { finderId: 'ann', partnerId: 'bob' }, [], ['bob', 'ann']],
    ['the agent named as their own partner', { finderId: 'cam', partnerId: 'ann' }, [], ['cam', 'ann']],
    [
      'a finder but the rule gives finders nothing',
      { finderId: 'cam', partnerId: 'bob' },
      [{ finderShareBp: 0 }],
      ['bob', 'ann'],
    ],
    [
      'a partner but the rule gives partners nothing',
      { finderId: 'cam', partnerId: 'bob' },
      [{ partnerShareBp: 0 }],
      ['cam', 'ann'],
    ],
  ] as [string, Partial<PayEvent>, Partial<PayRule>[], string[]][])('%s', (_, overrides, ruleOverrides, people) => {
    const lines = price([payEvent(overrides)], [split(Object.assign({}, ...ruleOverrides))])
    expect(lines.map((line) => line.profileId)).toEqual(people)
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(15_000)
  })

  it('names the agent generically when their name is unknown', () => {
    const lines = priceEvents([payEvent({ finderId: 'cam' })], [split()], payees, new Map())
    expect(lines[0].explanation).toBe("25 % split as finder of the agent's $150.00 recovery")
  })

  it("the finder's share follows the agent's rule, not the finder's own", () => {
    const rules = [
      split({ id: 'agents' }),
      payRule({ id: 'cams', role: 'camera_driver', rate: 99_900, finderShareBp: 0 }),
    ]
    expect(
      price([payEvent({ finderId: 'cam' })], rules).map((line) => [line.profileId, line.ruleId, line.amountCents]),
    ).toEqual([
      ['cam', 'agents', 3_750],
      ['ann', 'agents', 11_250],
    ])
  })
})

describe('holdback', () => {
  it('flags every share of a held recovery, and says so on the agent’s line', () => {
    const held = payRule({ holdback: true, finderShareBp: 2_000 })
    expect(brief(price([payEvent({ finderId: 'cam' })], [held]))).toEqual([
      ['recovery:order:7:finder', 'cam', 3_000, true, "20 % split as finder of Ann Agent's $150.00 recovery"],
      [
        'recovery:order:7',
        'ann',
        12_000,
        true,
        'Recovery: flat $150.00 (role rule), 20 % to the finder; held until the lender pays',
      ],
    ])
  })

  it.each([
    ['a rule without holdback', false],
    ['a rule with holdback', true],
  ])('%s', (_, holdback) => {
    const [line] = price([payEvent()], [payRule({ holdback })])
    expect(line.holdback).toBe(holdback)
    expect(line.explanation.endsWith('; held until the lender pays')).toBe(holdback)
  })

  it('tier, split and holdback together in one period', () => {
    const rules = [
      payRule({ tierAfter: 1, tierRate: 25_000, finderShareBp: 1_000, partnerShareBp: 3_000, holdback: true }),
      payRule({ id: 'finds', kind: 'find', role: 'camera_driver', rate: 2_000 }),
    ]
    const events = [
      payEvent({ key: 'r1', occurredOn: '2024-03-04' }),
      payEvent({ key: 'f2', kind: 'find', profileId: 'cam', occurredOn: '2024-03-05' }),
      payEvent({ key: 'r2', occurredOn: '2024-03-05', finderId: 'cam', partnerId: 'bob' }),
    ]
    expect(brief(price(events, rules))).toEqual([
      ['r1', 'ann', 15_000, true, 'Recovery: flat $150.00 (role rule); held until the lender pays'],
      ['f2', 'cam', 2_000, false, 'Camera find: flat $20.00 (role rule)'],
      ['r2:finder', 'cam', 2_500, true, "10 % split as finder of Ann Agent's $250.00 recovery"],
      ['r2:partner', 'bob', 7_500, true, "30 % split as team partner of Ann Agent's $250.00 recovery"],
      [
        'r2',
        'ann',
        15_000,
        true,
        'Recovery: flat $250.00, tier rate after 1 this period (#2) (role rule), 10 % to the finder, 30 % to the team partner; held until the lender pays',
      ],
    ])
  })
})

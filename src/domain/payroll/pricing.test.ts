import { describe, expect, it } from 'vitest'
import { payEvent, payRule } from './pay-fixtures'
import { price } from './pricing-fixture'

describe('pricing an event by its rule (issue 18)', () => {
  /** $0.65 a mile, and a transport of so many miles (null: none recorded). */
  const perMile = payRule({ kind: 'transport', basis: 'per_mile', rate: 65 })
  const transport = (miles: number | null) => payEvent({ kind: 'transport', key: 'transport:1', miles })
  /** $22.50 an hour, and a field visit of so many hours (null: none recorded). */
  const perHour = payRule({ kind: 'field_visit', basis: 'per_hour', rate: 2_250 })
  const visit = (hours: number | null) => payEvent({ kind: 'field_visit', key: 'visit:1', hours })

  it.each([
    ['flat', payRule(), payEvent(), 15_000, 'Recovery: flat $150.00 (role rule)'],
    [
      'percent of billed, storage left out',
      payRule({ basis: 'percent_billed', rate: 1_000 }),
      payEvent(),
      4_000,
      'Recovery: 10 % of $400.00 billed (not STORAGE) (role rule)',
    ],
    [
      'percent of collected, storage left out',
      payRule({ basis: 'percent_collected', rate: 1_250 }),
      payEvent(),
      3_750,
      'Recovery: 12.50 % of $300.00 collected (not STORAGE) (role rule)',
    ],
    [
      'percent of billed with nothing left out',
      payRule({ basis: 'percent_billed', rate: 1_000, excludedFeeTypes: [] }),
      payEvent(),
      4_600,
      'Recovery: 10 % of $460.00 billed (role rule)',
    ],
    [
      'percent of collected leaving out keys and storage',
      payRule({ basis: 'percent_collected', rate: 2_000, excludedFeeTypes: ['KEYS', 'STORAGE'] }),
      payEvent(),
      5_000,
      'Recovery: 20 % of $250.00 collected (not KEYS, STORAGE) (role rule)',
    ],
    [
      'a percent rounds to the cent',
      payRule({ basis: 'percent_billed', rate: 333, excludedFeeTypes: [] }),
      payEvent({ fees: { INVOLUNTARY_REPO: { billedCents: 10_050, collectedCents: 0 } } }),
      335,
      'Recovery: 3.33 % of $100.50 billed (role rule)',
    ],
    [
      'a percent of a case with nothing invoiced',
      payRule({ basis: 'percent_billed', rate: 1_000 }),
      payEvent({ fees: {} }),
      0,
      'Recovery: 10 % of $0.00 billed (not STORAGE) (role rule)',
    ],
    [
      'a percent of a case with nothing collected yet',
      payRule({ basis: 'percent_collected', rate: 1_000 }),
      payEvent({ fees: { INVOLUNTARY_REPO: { billedCents: 35_000, collectedCents: 0 } } }),
      0,
      'Recovery: 10 % of $0.00 collected (not STORAGE) (role rule)',
    ],
    ['per mile with miles recorded', perMile, transport(12.5), 813, 'Transport: 12.5 mi × $0.65 (role rule)'],
    [
      'per mile with no miles recorded',
      perMile,
      transport(null),
      0,
      'Transport: $0.65 a mile, no miles recorded (role rule)',
    ],
    ['per mile with zero miles', perMile, transport(0), 0, 'Transport: 0 mi × $0.65 (role rule)'],
    ['per hour with hours recorded', perHour, visit(1.5), 3_375, 'Field visit: 1.5 h × $22.50 (role rule)'],
    [
      'per hour with no hours recorded',
      perHour,
      visit(null),
      0,
      'Field visit: $22.50 an hour, no hours recorded (role rule)',
    ],
    [
      'earns nothing',
      payRule({ kind: 'condition_report', basis: 'none', rate: 0 }),
      payEvent({ kind: 'condition_report', key: 'cr:1' }),
      0,
      'Condition report: earns nothing (role rule)',
    ],
    [
      'a personal rule',
      payRule({ role: null, profileId: 'ann', rate: 123_456 }),
      payEvent(),
      123_456,
      'Recovery: flat $1,234.56 (personal rule)',
    ],
    [
      'a camera find',
      payRule({ kind: 'find', role: 'camera_driver', rate: 2_500 }),
      payEvent({ kind: 'find', key: 'find:order:7', profileId: 'cam' }),
      2_500,
      'Camera find: flat $25.00 (role rule)',
    ],
  ])('%s', (_, rule, event, cents, explanation) => {
    expect(price([event], [rule])).toEqual([
      {
        key: event.key,
        eventKey: event.key,
        kind: event.kind,
        profileId: event.profileId,
        occurredOn: event.occurredOn,
        caseKey: 'order:7',
        caseLabel: 'Case 7',
        ruleId: 'agents',
        amountCents: cents,
        holdback: false,
        explanation,
      },
    ])
  })

  it.each([
    [
      'no rule of its kind',
      payEvent({ kind: 'key', key: 'key:1' }),
      [payRule()],
      'No pay rule for keys made on Mar 04, 2024',
    ],
    [
      'no rule in effect yet',
      payEvent({ occurredOn: '2023-12-31' }),
      [payRule()],
      'No pay rule for recovery on Dec 31, 2023',
    ],
    [
      'no rule for their role',
      payEvent({ kind: 'find', profileId: 'cam' }),
      [payRule({ kind: 'find' })],
      'No pay rule for camera find on Mar 04, 2024',
    ],
    [
      'no rule for the order type',
      payEvent({ orderType: 'Voluntary' }),
      [payRule({ orderType: 'Involuntary' })],
      'No pay rule for recovery on Mar 04, 2024',
    ],
    [
      'a person the company no longer has',
      payEvent({ profileId: 'gone' }),
      [payRule()],
      'No pay rule for recovery on Mar 04, 2024',
    ],
  ])('an event with %s is a 0 line saying so', (_, event, rules, explanation) => {
    expect(price([event], rules)).toEqual([
      expect.objectContaining({ key: event.key, ruleId: null, amountCents: 0, holdback: false, explanation }),
    ])
  })

  it.each([
    ['an adjustment with a note', 'adjustment', 5_000, 'Fuel for the long tow', 'Adjustment: Fuel for the long tow'],
    ['a negative adjustment', 'adjustment', -2_500, 'Advance repaid', 'Adjustment: Advance repaid'],
    ['a chargeback', 'chargeback', -15_000, 'Wrongful repossession', 'Chargeback: Wrongful repossession'],
    ['a chargeback with no note', 'chargeback', -4_000, '', 'Chargeback'],
  ] as const)('%s carries its own amount, never a rule’s, and is never held', (_, kind, cents, note, explanation) => {
    const manual = payEvent({ kind, key: `${kind}:1`, amountCents: cents, note, finderId: 'cam', partnerId: 'bob' })
    const everything = [payRule({ kind: 'recovery', holdback: true, finderShareBp: 2_000, partnerShareBp: 5_000 })]
    expect(price([manual], everything)).toEqual([
      expect.objectContaining({
        key: manual.key,
        profileId: 'ann',
        ruleId: null,
        amountCents: cents,
        holdback: false,
        explanation,
      }),
    ])
  })
})

import { describe, expect, it } from 'vitest'
import {
  assemblePeriod,
  type HeldLine,
  type PeriodInputs,
  type PeriodLine,
  releaseKey,
  totalsByPerson,
} from './assemble'
import { payEvent, payees, payRule } from './pay-fixtures'
import { type FrozenPeriod, PayCalendar, type PayPeriod } from './periods'
import type { PayEvent } from './pricing'
import type { PayRule } from './rules'

// Weekly from Monday 2024-01-01: the first week is locked, the second approved, the next two in review.
const P1: PayPeriod = { start: '2024-01-01', end: '2024-01-07' }
const P2: PayPeriod = { start: '2024-01-08', end: '2024-01-14' }
const P3: PayPeriod = { start: '2024-01-15', end: '2024-01-21' }
const P4: PayPeriod = { start: '2024-01-22', end: '2024-01-28' }
const frozen: FrozenPeriod[] = [
  { ...P1, status: 'locked' },
  { ...P2, status: 'approved' },
]
const calendar = new PayCalendar({ cadence: 'weekly', anchor: '2024-01-01' }, frozen)

/** The fixture's rule, but in effect from 2023-01-01, so that work of late December 2023 is priced too. */
const rule = (overrides: Partial<PayRule> = {}) => payRule({ effectiveFrom: '2023-01-01', ...overrides })

/** Ann's recovery of case 7 on 2024-01-16, inside P3, with nothing invoiced. */
const event = (overrides: Partial<PayEvent> = {}) => payEvent({ occurredOn: '2024-01-16', fees: {}, ...overrides })

const held = (overrides: Partial<HeldLine> = {}): HeldLine => ({
  key: 'recovery:order:5',
  eventKey: 'recovery:order:5',
  kind: 'recovery',
  profileId: 'ann',
  occurredOn: '2024-01-03',
  caseKey: 'order:5',
  caseLabel: 'Case 5',
  ruleId: 'agents',
  amountCents: 0,
  heldCents: 15_000,
  holdback: true,
  explanation: 'Recovery: flat $150.00 (role rule); held until the lender pays',
  periodStart: P1.start,
  ...overrides,
})

const assemble = (overrides: Partial<PeriodInputs> = {}) =>
  assemblePeriod({
    period: P3,
    calendar,
    events: [],
    paidEventKeys: new Set(),
    heldLines: [],
    releasedKeys: new Set(),
    paidOnByCase: new Map(),
    rules: [rule()],
    payees,
    names: new Map([['ann', 'Ann Agent']]),
    ...overrides,
  })

describe('the events a period in review pays (issue 18)', () => {
  it.each([
    ['an event in the period', P3, '2024-01-16', null],
    ['its first day', P3, '2024-01-15', null],
    ['its last day', P3, '2024-01-21', null],
    ['an event after the period', P3, '2024-01-22', false],
    ['an event of the next period, seen from it', P4, '2024-01-22', null],
    ['late work of the locked period: carried to the first in review', P3, '2024-01-03', P1.start],
    ['late work of the approved period: carried to the first in review', P3, '2024-01-14', P2.start],
    ['late work of a frozen period is not carried past the first in review', P4, '2024-01-03', false],
    ['work of an earlier period still in review stays there', P4, '2024-01-17', false],
    ['work before anything frozen belongs to its own period in review', P3, '2023-12-29', false],
    ['seen from that period', { start: '2023-12-25', end: '2023-12-31' }, '2023-12-29', null],
  ] as [string, PayPeriod, string, string | null | false][])('%s', (_, period, occurredOn, carriedFrom) => {
    const lines = assemble({ period, events: [event({ occurredOn })] })
    if (carriedFrom === false) expect(lines).toEqual([])
    else
      expect(lines).toEqual([
        expect.objectContaining({ eventKey: 'recovery:order:7', amountCents: 15_000, carriedFrom }),
      ])
  })

  it.each([
    ['late work a stored period already paid', '2024-01-03'],
    ['work of the period itself already paid', '2024-01-16'],
  ])('never pays again: %s', (_, occurredOn) => {
    const lines = assemble({ events: [event({ occurredOn })], paidEventKeys: new Set(['recovery:order:7']) })
    expect(lines).toEqual([])
  })

  it('carries late work over several frozen periods to the first still in review', () => {
    const moreFrozen = new PayCalendar(calendar.settings, [...frozen, { ...P3, status: 'approved' }])
    const late = event({ occurredOn: '2024-01-02', finderId: 'cam' })
    const rules = [rule({ finderShareBp: 2_000 })]
    expect(assemble({ calendar: moreFrozen, period: P3, events: [late], rules })).toEqual([])
    expect(
      assemble({ calendar: moreFrozen, period: P4, events: [late], rules }).map((line) => [
        line.key,
        line.amountCents,
        line.carriedFrom,
      ]),
    ).toEqual([
      ['recovery:order:7:finder', 3_000, P1.start],
      ['recovery:order:7', 12_000, P1.start],
    ])
  })

  it('a frozen period that cuts a week: late work lands in the cut part still in review', () => {
    const cut = new PayCalendar(calendar.settings, [{ start: '2024-01-15', end: '2024-01-17', status: 'locked' }])
    const open = cut.periodOf('2024-01-18')
    expect(open).toEqual({ start: '2024-01-18', end: '2024-01-21' })
    const lines = assemble({ calendar: cut, period: open, events: [event({ occurredOn: '2024-01-16' })] })
    expect(lines).toEqual([expect.objectContaining({ carriedFrom: '2024-01-15', amountCents: 15_000 })])
  })
})

describe('holdback until the lender pays', () => {
  it.each([
    ['the lender has not paid', null, 0, 15_000],
    ['the lender paid during the period', '2024-01-17', 15_000, 0],
    ['the lender paid on its last day', '2024-01-21', 15_000, 0],
    ['the lender paid before the work', '2023-12-01', 15_000, 0],
    ['the lender paid after the period ended', '2024-01-22', 0, 15_000],
  ])('%s', (_, paidOn, amountCents, heldCents) => {
    const [line] = assemble({ events: [event({ paidOn })], rules: [rule({ holdback: true })] })
    expect(line).toMatchObject({ amountCents, heldCents, holdback: true })
  })

  it('holds nothing without holdback, and nothing of a zero line', () => {
    const events = [
      event({ key: 'r1', paidOn: null }),
      event({ key: 't1', kind: 'transport', paidOn: null }),
      event({ key: 'n1', kind: 'key', paidOn: null }),
    ]
    const rules = [
      rule(),
      rule({ id: 'miles', kind: 'transport', basis: 'per_mile', rate: 50, holdback: true }),
      rule({ id: 'none', kind: 'key', basis: 'none', rate: 0, holdback: true }),
    ]
    expect(assemble({ events, rules }).map((line) => [line.key, line.amountCents, line.heldCents])).toEqual([
      ['n1', 0, 0],
      ['r1', 15_000, 0],
      ['t1', 0, 0],
    ])
  })

  it('holds every share of a split recovery, and late work held by the same test', () => {
    const rules = [rule({ holdback: true, finderShareBp: 2_000, partnerShareBp: 3_000 })]
    const events = [
      event({ key: 'late', occurredOn: '2024-01-05', finderId: 'cam', paidOn: '2024-01-20' }),
      event({ key: 'now', finderId: 'cam', partnerId: 'bob', paidOn: null }),
    ]
    expect(
      assemble({ events, rules }).map((line) => [line.key, line.amountCents, line.heldCents, line.carriedFrom]),
    ).toEqual([
      ['late:finder', 3_000, 0, P1.start],
      ['late', 12_000, 0, P1.start],
      ['now:finder', 0, 3_000, null],
      ['now:partner', 0, 4_500, null],
      ['now', 0, 7_500, null],
    ])
  })

  it('never holds a chargeback or an adjustment', () => {
    const events = [
      event({ key: 'cb', kind: 'chargeback', amountCents: -4_000 }),
      event({ key: 'adj', kind: 'adjustment', amountCents: 2_000 }),
    ]
    expect(
      assemble({ events, rules: [rule({ holdback: true })] }).map((line) => [
        line.key,
        line.amountCents,
        line.heldCents,
      ]),
    ).toEqual([
      ['adj', 2_000, 0],
      ['cb', -4_000, 0],
    ])
  })
})

describe('releasing pay a frozen period held', () => {
  const original = held()
  it.each([
    ['paid during this period', P3, '2024-01-16', [], true],
    ['paid on its last day', P3, '2024-01-21', [], true],
    ['paid during this period, seen from the next', P4, '2024-01-16', [], false],
    ['paid after this period', P3, '2024-01-22', [], false],
    ['paid after this period, seen from the next', P4, '2024-01-22', [], true],
    ['paid during the approved period: lands in the first open', P3, '2024-01-10', [], true],
    ['paid during its own locked period, recorded late', P3, '2024-01-05', [], true],
    ['not paid', P3, null, [], false],
    ['already released by a stored period', P3, '2024-01-16', [releaseKey('recovery:order:5')], false],
  ] as [string, PayPeriod, string | null, string[], boolean][])('%s', (_, period, paidOn, released, expected) => {
    const lines = assemble({
      period,
      heldLines: [original],
      paidOnByCase: new Map([['order:5', paidOn]]),
      releasedKeys: new Set(released),
    })
    if (!expected) expect(lines).toEqual([])
    else
      expect(lines).toEqual([
        expect.objectContaining({
          key: 'release:recovery:order:5',
          eventKey: 'recovery:order:5',
          profileId: 'ann',
          caseKey: 'order:5',
          amountCents: 15_000,
          heldCents: 0,
          carriedFrom: P1.start,
          explanation: `Released: the lender paid on ${paidOn} (Recovery: flat $150.00 (role rule); held until the lender pays)`,
        }),
      ])
  })

  it.each([
    ['a case the map does not know', held({ caseKey: 'order:99' })],
    ['a held line with no case', held({ caseKey: null })],
  ])('releases nothing for %s', (_, line) => {
    expect(assemble({ heldLines: [line], paidOnByCase: new Map([['order:5', '2024-01-16']]) })).toEqual([])
  })

  it('releases a split share to its own person under its own key', () => {
    const share = held({ key: 'recovery:order:5:finder', profileId: 'cam', heldCents: 3_000, periodStart: P2.start })
    const [line] = assemble({ heldLines: [share], paidOnByCase: new Map([['order:5', '2024-01-18']]) })
    expect(line).toMatchObject({
      key: 'release:recovery:order:5:finder',
      profileId: 'cam',
      amountCents: 3_000,
      carriedFrom: P2.start,
    })
  })

  it('never releases twice: once the releasing period is approved, the next pays nothing again', () => {
    const inputs = { heldLines: [original], paidOnByCase: new Map([['order:5', '2024-01-16']]) }
    const first = assemble(inputs)
    expect(first.map((line) => line.key)).toEqual(['release:recovery:order:5'])
    const afterApproval = new PayCalendar(calendar.settings, [...frozen, { ...P3, status: 'approved' }])
    const next = assemble({
      ...inputs,
      calendar: afterApproval,
      period: P4,
      releasedKeys: new Set(first.map((line) => line.key)),
    })
    expect(next).toEqual([])
  })
})

describe('a whole period: tiers, splits, holdback, late work, manual lines and releases', () => {
  const rules = [
    rule({ tierAfter: 2, tierRate: 20_000, finderShareBp: 2_000, holdback: true }),
    rule({ id: 'finds', kind: 'find', role: 'camera_driver', rate: 2_500 }),
  ]
  const events = [
    event({ key: 'e1', occurredOn: '2024-01-03', caseKey: 'c1' }),
    event({ key: 'e2', occurredOn: '2024-01-15', caseKey: 'c2', finderId: 'cam', paidOn: '2024-01-17' }),
    event({ key: 'e3', occurredOn: '2024-01-18', caseKey: 'c3', finderId: 'cam' }),
    event({ key: 'e4', kind: 'find', profileId: 'cam', occurredOn: '2024-01-16', caseKey: 'c3' }),
    event({
      key: 'e5',
      kind: 'chargeback',
      occurredOn: '2024-01-19',
      caseKey: 'c9',
      amountCents: -4_000,
      note: 'Damage',
    }),
    event({
      key: 'e6',
      kind: 'adjustment',
      occurredOn: '2024-01-20',
      caseKey: null,
      amountCents: 1_000,
      note: 'Bonus',
    }),
    event({ key: 'e7', profileId: 'bob', occurredOn: '2024-01-16' }),
    event({ key: 'e8', occurredOn: '2024-01-23' }),
  ]
  const lines = assemble({
    events,
    rules,
    paidEventKeys: new Set(['e7']),
    heldLines: [
      held({ key: 'r5', eventKey: 'r5', caseKey: 'c5', heldCents: 9_000, periodStart: P2.start }),
      held({ key: 'r4:finder', eventKey: 'r4', profileId: 'cam', caseKey: 'c4', heldCents: 1_500 }),
    ],
    paidOnByCase: new Map([
      ['c5', '2024-01-19'],
      ['c4', null],
    ]),
  })

  it('pays each line, holds what the lender owes, and releases what it paid', () => {
    expect(lines.map((line) => [line.key, line.profileId, line.amountCents, line.heldCents, line.carriedFrom])).toEqual(
      [
        ['e1', 'ann', 0, 15_000, P1.start],
        ['e2:finder', 'cam', 3_000, 0, null],
        ['e2', 'ann', 12_000, 0, null],
        ['e4', 'cam', 2_500, 0, null],
        ['e3:finder', 'cam', 0, 4_000, null],
        ['e3', 'ann', 0, 16_000, null],
        ['e5', 'ann', -4_000, 0, null],
        ['e6', 'ann', 1_000, 0, null],
        ['release:r5', 'ann', 9_000, 0, P2.start],
      ],
    )
    expect(lines.find((line) => line.key === 'e3')?.explanation).toBe(
      'Recovery: flat $200.00, tier rate after 2 this period (#3) (role rule), 20 % to the finder; held until the lender pays',
    )
  })

  it('sums each person: earned, held, charged back, total and events', () => {
    expect(totalsByPerson(lines)).toEqual([
      {
        profileId: 'ann',
        events: 6,
        earnedCents: 22_000,
        heldCents: 31_000,
        chargedBackCents: 4_000,
        totalCents: 18_000,
      },
      { profileId: 'cam', events: 3, earnedCents: 5_500, heldCents: 4_000, chargedBackCents: 0, totalCents: 5_500 },
    ])
  })
})

describe("each person's totals", () => {
  const line = (overrides: Partial<PeriodLine>) => ({
    profileId: 'ann',
    eventKey: 'e',
    kind: 'recovery' as const,
    amountCents: 0,
    heldCents: 0,
    ...overrides,
  })

  it.each([
    ['no lines', [], []],
    [
      'one paid line',
      [line({ amountCents: 15_000 })],
      [{ profileId: 'ann', events: 1, earnedCents: 15_000, heldCents: 0, chargedBackCents: 0, totalCents: 15_000 }],
    ],
    [
      'a held line earns nothing yet',
      [line({ heldCents: 15_000 })],
      [{ profileId: 'ann', events: 1, earnedCents: 0, heldCents: 15_000, chargedBackCents: 0, totalCents: 0 }],
    ],
    [
      'a chargeback is charged back, not earned',
      [line({ amountCents: 15_000 }), line({ eventKey: 'cb', kind: 'chargeback', amountCents: -20_000 })],
      [
        {
          profileId: 'ann',
          events: 2,
          earnedCents: 15_000,
          heldCents: 0,
          chargedBackCents: 20_000,
          totalCents: -5_000,
        },
      ],
    ],
    [
      'a negative adjustment lowers what was earned',
      [line({ amountCents: 15_000 }), line({ eventKey: 'adj', kind: 'adjustment', amountCents: -2_500 })],
      [{ profileId: 'ann', events: 2, earnedCents: 12_500, heldCents: 0, chargedBackCents: 0, totalCents: 12_500 }],
    ],
    [
      'lines of one event count it once',
      [line({ amountCents: 100 }), line({ amountCents: 200 })],
      [{ profileId: 'ann', events: 1, earnedCents: 300, heldCents: 0, chargedBackCents: 0, totalCents: 300 }],
    ],
    [
      'people in the order they first appear',
      [
        line({ profileId: 'cam', amountCents: 1 }),
        line({ amountCents: 2 }),
        line({ profileId: 'cam', eventKey: 'f', amountCents: 3 }),
      ],
      [
        { profileId: 'cam', events: 2, earnedCents: 4, heldCents: 0, chargedBackCents: 0, totalCents: 4 },
        { profileId: 'ann', events: 1, earnedCents: 2, heldCents: 0, chargedBackCents: 0, totalCents: 2 },
      ],
    ],
  ] as [string, ReturnType<typeof line>[], object[]][])('%s', (_, lines, totals) => {
    expect(totalsByPerson(lines)).toEqual(totals)
  })
})

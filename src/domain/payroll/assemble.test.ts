import { describe, expect, it } from 'vitest'
import { releaseKey } from './assemble'
import { assemble, calendar, event, frozen, held, P1, P2, P3, P4, rule } from './assemble-fixture'
import { PayCalendar, type PayPeriod } from './periods'

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
  // The day the lender paid, as people read it (issue 41).
  const PAID_TEXT: Record<string, string> = {
    '2024-01-16': 'Jan 16, 2024',
    '2024-01-21': 'Jan 21, 2024',
    '2024-01-22': 'Jan 22, 2024',
    '2024-01-10': 'Jan 10, 2024',
    '2024-01-05': 'Jan 05, 2024',
  }
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
          explanation: `Released: the lender paid on ${PAID_TEXT[paidOn ?? '']} (Recovery: flat $150.00 (role rule); held until the lender pays)`,
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

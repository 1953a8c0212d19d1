import { describe, expect, it } from 'vitest'
import { addDays } from '../formats/calendar-days'
import {
  cadenceDays,
  cadencePeriodOf,
  daysLeftText,
  type FrozenPeriod,
  lockTooEarly,
  PayCalendar,
  type PaySettings,
  PERIOD_STATUS_LABELS,
  PERIOD_STATUSES,
  paidOnProblem,
  periodLabel,
} from './periods'

const weekly: PaySettings = { cadence: 'weekly', anchor: '2024-01-01' }
const biweekly: PaySettings = { cadence: 'biweekly', anchor: '2024-01-01' }

describe('pay periods of a cadence (issue 18)', () => {
  it.each([
    ['weekly', 7],
    ['biweekly', 14],
  ] as const)('a %s period is %i days long', (cadence, days) => {
    expect(cadenceDays(cadence)).toBe(days)
  })

  it.each([
    ['the anchor day starts a weekly period', weekly, '2024-01-01', '2024-01-01', '2024-01-07'],
    ['the last day of a weekly period', weekly, '2024-01-07', '2024-01-01', '2024-01-07'],
    ['the day after starts the next week', weekly, '2024-01-08', '2024-01-08', '2024-01-14'],
    ['weeks far after the anchor', weekly, '2024-03-13', '2024-03-11', '2024-03-17'],
    ['weeks before the anchor count backwards', weekly, '2023-12-31', '2023-12-25', '2023-12-31'],
    ['a week over a year end', weekly, '2024-12-31', '2024-12-30', '2025-01-05'],
    ['two weeks: the anchor', biweekly, '2024-01-01', '2024-01-01', '2024-01-14'],
    ['two weeks: the last day', biweekly, '2024-01-14', '2024-01-01', '2024-01-14'],
    ['two weeks: the next period', biweekly, '2024-01-15', '2024-01-15', '2024-01-28'],
    ['two weeks before the anchor', biweekly, '2023-12-31', '2023-12-18', '2023-12-31'],
    ['two weeks over the leap day', biweekly, '2024-03-01', '2024-02-26', '2024-03-10'],
    ['two weeks over a DST change (days are UTC)', biweekly, '2024-11-03', '2024-10-21', '2024-11-03'],
    [
      'a company anchored on a Wednesday',
      { cadence: 'weekly', anchor: '2024-03-06' },
      '2024-03-05',
      '2024-02-28',
      '2024-03-05',
    ],
    [
      'an anchor after the day, every two weeks',
      { cadence: 'biweekly', anchor: '2025-06-04' },
      '2025-05-20',
      '2025-05-07',
      '2025-05-20',
    ],
  ] as [string, PaySettings, string, string, string][])('%s', (_, settings, day, start, end) => {
    expect(cadencePeriodOf(day, settings)).toEqual({ start, end })
    expect(new PayCalendar(settings, []).periodOf(day)).toEqual({ start, end })
  })

  it('every day of two years falls in the cadence period that holds it, each period as long as the cadence', () => {
    for (const settings of [weekly, biweekly, { cadence: 'weekly', anchor: '2024-02-29' } as const]) {
      let day = '2023-06-01'
      while (day < '2025-06-01') {
        const period = cadencePeriodOf(day, settings)
        expect(period.start <= day && day <= period.end).toBe(true)
        expect(addDays(period.start, cadenceDays(settings.cadence) - 1)).toBe(period.end)
        day = addDays(day, 1)
      }
    }
  })

  it('labels a period by its first and last day', () => {
    expect(periodLabel({ start: '2024-01-01', end: '2024-01-07' })).toBe('Jan 01 - Jan 07, 2024')
  })
})

describe('a calendar with frozen (approved or locked) periods', () => {
  // Stored before a cadence change: ten days approved, then four days locked in the middle of a week.
  const frozen: FrozenPeriod[] = [
    { start: '2024-01-18', end: '2024-01-21', status: 'locked' },
    { start: '2024-01-01', end: '2024-01-10', status: 'approved' },
  ]
  const calendar = new PayCalendar(weekly, frozen)

  it.each([
    ['before any frozen period: the cadence period', '2023-12-31', '2023-12-25', '2023-12-31', 'review'],
    ['inside a frozen period: its stored days', '2024-01-05', '2024-01-01', '2024-01-10', 'approved'],
    ['the frozen period holds days past its cadence week', '2024-01-10', '2024-01-01', '2024-01-10', 'approved'],
    ['after a frozen period: the week is cut to start after it', '2024-01-11', '2024-01-11', '2024-01-14', 'review'],
    ['the cut week keeps its own end', '2024-01-14', '2024-01-11', '2024-01-14', 'review'],
    ['before a frozen period: the week is cut to end before it', '2024-01-15', '2024-01-15', '2024-01-17', 'review'],
    ['the locked period', '2024-01-19', '2024-01-18', '2024-01-21', 'locked'],
    ['after everything frozen: the cadence again', '2024-01-22', '2024-01-22', '2024-01-28', 'review'],
  ])('%s (%s)', (_, day, start, end, status) => {
    const period = calendar.periodOf(day)
    expect(period).toEqual({ start, end })
    expect(calendar.statusOf(period)).toBe(status)
    expect(calendar.isFrozen(day)).toBe(status !== 'review')
    expect(calendar.frozenAt(day)?.status ?? 'review').toBe(status)
  })

  it('cuts one cadence period on both sides when frozen periods sit inside it', () => {
    const cut = new PayCalendar(biweekly, [
      { start: '2024-01-03', end: '2024-01-04', status: 'locked' },
      { start: '2024-01-10', end: '2024-01-11', status: 'approved' },
    ])
    expect(
      ['2024-01-01', '2024-01-03', '2024-01-06', '2024-01-11', '2024-01-12'].map((day) => cut.periodOf(day)),
    ).toEqual([
      { start: '2024-01-01', end: '2024-01-02' },
      { start: '2024-01-03', end: '2024-01-04' },
      { start: '2024-01-05', end: '2024-01-09' },
      { start: '2024-01-10', end: '2024-01-11' },
      { start: '2024-01-12', end: '2024-01-14' },
    ])
  })

  it('leaves the days between periods with no gaps and no overlaps', () => {
    let day = '2023-12-20'
    let previous = calendar.periodOf(day)
    while (day < '2024-02-15') {
      day = addDays(day, 1)
      const period = calendar.periodOf(day)
      expect(period.start <= day && day <= period.end).toBe(true)
      if (period.start !== previous.start) expect(period.start).toBe(addDays(previous.end, 1))
      else expect(period).toEqual(previous)
      previous = period
    }
  })

  it.each([
    ['a day in review: its own period', '2024-01-12', '2024-01-11', '2024-01-14'],
    ['a day of the approved period: the cut week after it', '2024-01-02', '2024-01-11', '2024-01-14'],
    ['a day of the locked period: the week after it', '2024-01-20', '2024-01-22', '2024-01-28'],
    ['a day with no frozen period near', '2024-03-01', '2024-02-26', '2024-03-03'],
  ])('the first open period from %s', (_, day, start, end) => {
    expect(calendar.firstOpenFrom(day)).toEqual({ start, end })
  })

  it('skips several frozen periods in a row to the first in review', () => {
    const run = new PayCalendar(weekly, [
      { start: '2024-01-01', end: '2024-01-07', status: 'locked' },
      { start: '2024-01-08', end: '2024-01-14', status: 'locked' },
      { start: '2024-01-15', end: '2024-01-21', status: 'approved' },
    ])
    expect(run.firstOpenFrom('2024-01-03')).toEqual({ start: '2024-01-22', end: '2024-01-28' })
    expect(run.firstOpenFrom('2024-01-21')).toEqual({ start: '2024-01-22', end: '2024-01-28' })
  })

  it.each([
    [0, []],
    [1, [['2024-01-22', '2024-01-28']]],
    [
      6,
      [
        ['2024-01-22', '2024-01-28'],
        ['2024-01-18', '2024-01-21'],
        ['2024-01-15', '2024-01-17'],
        ['2024-01-11', '2024-01-14'],
        ['2024-01-01', '2024-01-10'],
        ['2023-12-25', '2023-12-31'],
      ],
    ],
  ])('the %i most recent periods from a day, newest first', (count, expected) => {
    expect(calendar.recent('2024-01-24', count)).toEqual(expected.map(([start, end]) => ({ start, end })))
  })

  it.each([
    ['no frozen period', [], null],
    ['the day after the last (they may come unsorted)', frozen, '2024-01-22'],
    ['one frozen period', [{ start: '2024-02-05', end: '2024-02-18', status: 'locked' }], '2024-02-19'],
  ] as [string, FrozenPeriod[], string | null][])('the first unfrozen day: %s', (_, periods, day) => {
    expect(new PayCalendar(biweekly, periods).firstUnfrozenDay()).toBe(day)
  })

  it('a calendar with nothing frozen is the cadence, all in review', () => {
    const plain = new PayCalendar(biweekly, [])
    expect(plain.periodOf('2024-01-20')).toEqual({ start: '2024-01-15', end: '2024-01-28' })
    expect(plain.statusOf(plain.periodOf('2024-01-20'))).toBe('review')
    expect(plain.firstOpenFrom('2024-01-20')).toEqual({ start: '2024-01-15', end: '2024-01-28' })
    expect(plain.recent('2024-01-20', 2)).toEqual([
      { start: '2024-01-15', end: '2024-01-28' },
      { start: '2024-01-01', end: '2024-01-14' },
    ])
  })
})

describe('when a period may be locked, and paid (issue 41)', () => {
  const week = { start: '2026-11-23', end: '2026-11-29' }

  it.each([
    ['Thursday, three days left', '2026-11-26', '3 days left in this period'],
    ['Saturday, one day left', '2026-11-28', '1 day left in this period'],
    ['its last day', '2026-11-29', 'Today is the last day of this period'],
    ['the day after it ends', '2026-11-30', null],
    ['before it begins, every day of it left', '2026-11-20', '9 days left in this period'],
  ])('approving on %s warns: %s', (_, today, words) => {
    expect(daysLeftText(week, today)).toBe(words)
  })

  it.each([
    ['on a Thursday of the week', '2026-11-26', 'This period ends Nov 29, 2026; it can be locked from Nov 30, 2026.'],
    ['on its last day', '2026-11-29', 'This period ends Nov 29, 2026; it can be locked from Nov 30, 2026.'],
    ['the day after it ends', '2026-11-30', null],
    ['weeks later', '2027-01-04', null],
  ])('locking %s: %s', (_, today, refusal) => {
    expect(lockTooEarly(week, today)).toBe(refusal)
  })

  it('names the days in the spec format, over a year end', () => {
    expect(lockTooEarly({ start: '2024-12-30', end: '2025-01-05' }, '2025-01-02')).toBe(
      'This period ends Jan 05, 2025; it can be locked from Jan 06, 2025.',
    )
  })

  it.each([
    ['the day after the period', '2026-11-30', '2026-12-02', null],
    ['its last day', '2026-11-29', '2026-12-02', null],
    ['today', '2026-12-02', '2026-12-02', null],
    ['a day to come', '2026-12-03', '2026-12-02', 'The pay date cannot be in the future.'],
    [
      'before the period ends',
      '2026-11-28',
      '2026-12-02',
      'The pay date cannot be before the period ends (Nov 29, 2026).',
    ],
  ])('a pay date on %s: %s', (_, paidOn, today, problem) => {
    expect(paidOnProblem(week, paidOn, today)).toBe(problem)
  })

  it('labels each state as the manager and My Pay show it', () => {
    expect(PERIOD_STATUSES.map((status) => PERIOD_STATUS_LABELS[status])).toEqual([
      'In review',
      'Approved',
      'Locked',
      'Paid',
    ])
  })

  it('reads a paid period as frozen, like a locked one', () => {
    const calendar = new PayCalendar(weekly, [{ ...week, status: 'paid' }])
    expect(calendar.statusOf(week)).toBe('paid')
    expect(calendar.isFrozen('2026-11-25')).toBe(true)
  })
})

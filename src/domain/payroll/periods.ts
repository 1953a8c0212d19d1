import { addDays, type Day, daysBetween } from '../formats/calendar-days'
import { formatCaseDate, formatPeriod } from '../formats/dates'

// Issue 18's pay periods: weekly or every two weeks from an anchor day the company chooses.
// A period is [start, end], both days inclusive. A period stays in review until approved,
// and a locked one never changes; once the people are paid, it is marked paid (issue 41).

export const PAY_CADENCES = ['weekly', 'biweekly'] as const
export type PayCadence = (typeof PAY_CADENCES)[number]

export const PAY_CADENCE_LABELS: Record<PayCadence, string> = { weekly: 'Weekly', biweekly: 'Every two weeks' }

export const PERIOD_STATUSES = ['review', 'approved', 'locked', 'paid'] as const
export type PeriodStatus = (typeof PERIOD_STATUSES)[number]

export const PERIOD_STATUS_LABELS: Record<PeriodStatus, string> = {
  review: 'In review',
  approved: 'Approved',
  locked: 'Locked',
  paid: 'Paid',
}

/** Days still to come in a period after `today` (0 once its last day has begun). */
export const daysLeftIn = (period: PayPeriod, today: Day) => (today < period.end ? daysBetween(today, period.end) : 0)

/** The warning before approving a period not yet over ('3 days left in this period'); null once it is over. */
export function daysLeftText(period: PayPeriod, today: Day): string | null {
  if (today > period.end) return null
  const left = daysLeftIn(period, today)
  return left === 0
    ? 'Today is the last day of this period'
    : `${left} ${left === 1 ? 'day' : 'days'} left in this period`
}

/** Why a period cannot be locked yet: its work is not over until its last day has passed. */
export function lockTooEarly(period: PayPeriod, today: Day): string | null {
  if (today > period.end) return null
  return `This period ends ${formatCaseDate(period.end)}; it can be locked from ${formatCaseDate(addDays(period.end, 1))}.`
}

/**
 * Why a locked period cannot be marked paid on a day: people are paid for a period from its last
 * day on, and never on a day still to come.
 */
export function paidOnProblem(period: PayPeriod, paidOn: Day, today: Day): string | null {
  if (paidOn > today) return 'The pay date cannot be in the future.'
  if (paidOn < period.end) return `The pay date cannot be before the period ends (${formatCaseDate(period.end)}).`
  return null
}

export type PaySettings = { cadence: PayCadence; anchor: Day }
/** A Monday: periods start on Mondays unless a company chooses otherwise. */
export const DEFAULT_PAY_SETTINGS: PaySettings = { cadence: 'weekly', anchor: '2024-01-01' }

export type PayPeriod = { start: Day; end: Day }
/** A period that was approved or locked, as stored: its days are fixed even if the cadence later changes. */
export type FrozenPeriod = PayPeriod & { status: Exclude<PeriodStatus, 'review'> }

export const cadenceDays = (cadence: PayCadence) => (cadence === 'weekly' ? 7 : 14)

const dayNumber = (day: Day) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000)

/** The period of the cadence a day falls in, counted from the anchor (backwards too). */
export function cadencePeriodOf(day: Day, settings: PaySettings): PayPeriod {
  const length = cadenceDays(settings.cadence)
  const index = Math.floor((dayNumber(day) - dayNumber(settings.anchor)) / length)
  const start = addDays(settings.anchor, index * length)
  return { start, end: addDays(start, length - 1) }
}

/**
 * The periods of a company: the frozen ones as they were stored, the rest by the cadence. A
 * cadence period that would overlap a frozen one is cut to the days around it.
 */
export class PayCalendar {
  private readonly frozen: FrozenPeriod[]
  /** Periods by day: a busy period asks for the same few days tens of thousands of times. */
  private readonly byDay = new Map<Day, PayPeriod>()

  constructor(
    readonly settings: PaySettings,
    frozen: readonly FrozenPeriod[],
  ) {
    this.frozen = [...frozen].sort((a, b) => a.start.localeCompare(b.start))
  }

  frozenAt(day: Day): FrozenPeriod | undefined {
    return this.frozen.find((period) => period.start <= day && day <= period.end)
  }

  /** The period a day belongs to. */
  periodOf(day: Day): PayPeriod {
    let period = this.byDay.get(day)
    if (!period) {
      period = this.computePeriodOf(day)
      this.byDay.set(day, period)
    }
    return period
  }

  private computePeriodOf(day: Day): PayPeriod {
    const frozen = this.frozenAt(day)
    if (frozen) return { start: frozen.start, end: frozen.end }
    const period = cadencePeriodOf(day, this.settings)
    let { start, end } = period
    for (const other of this.frozen) {
      if (other.end < day && other.end >= start) start = addDays(other.end, 1)
      if (other.start > day && other.start <= end) end = addDays(other.start, -1)
    }
    return { start, end }
  }

  statusOf(period: PayPeriod): PeriodStatus {
    return this.frozenAt(period.start)?.status ?? 'review'
  }

  isFrozen(day: Day): boolean {
    return this.frozenAt(day) !== undefined
  }

  /** The first period at or after a day that is still in review: where late work and corrections land. */
  firstOpenFrom(day: Day): PayPeriod {
    let period = this.periodOf(day)
    while (this.isFrozen(period.start)) period = this.periodOf(addDays(period.end, 1))
    return period
  }

  /** `count` periods ending with the one that holds `day`, newest first. */
  recent(day: Day, count: number): PayPeriod[] {
    const periods: PayPeriod[] = []
    let period = this.periodOf(day)
    while (periods.length < count) {
      periods.push(period)
      period = this.periodOf(addDays(period.start, -1))
    }
    return periods
  }

  /** The day after the last frozen period (a cadence change may start no earlier). */
  firstUnfrozenDay(): Day | null {
    const last = this.frozen.at(-1)
    return last ? addDays(last.end, 1) : null
  }
}

/** A pay period as people read it: 'Nov 23 - Nov 29, 2026' (issue 41's one format for spans of days). */
export const periodLabel = (period: Pick<PayPeriod, 'start' | 'end'>) => formatPeriod(period.start, period.end)

import { ROLE_LABELS } from '../../../domain/auth/roles'
import { toCsv } from '../../../domain/formats/csv'
import type { PeriodLine } from '../../../domain/payroll/assemble'
import { PAY_EVENT_LABELS } from '../../../domain/payroll/pay-kinds'
import { daysLeftText, lockTooEarly, type PayCalendar, type PayPeriod } from '../../../domain/payroll/periods'
import type { PeriodView } from '../../../domain/payroll/views'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { loadCalendar, periodRecord } from './calendar-repository'
import { payToday } from './pay-day'
import { type PayPerson, payPeople } from './people-repository'
import { periodCacheOf } from './period-cache'
import { periodLines, periodsLines } from './period-engine'
import { lineViews, peoplePay } from './period-view'

export const PERIOD_NOT_FOUND = 'No pay period starts on that day.'

/** A period's first day from the path: anything but a real day is simply not found. */
export function periodDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw notFound(PERIOD_NOT_FOUND)
  return value
}

export function periodStarting(calendar: PayCalendar, start: string): PayPeriod {
  const period = calendar.periodOf(start)
  if (period.start !== start) throw notFound(PERIOD_NOT_FOUND)
  return period
}

/** A period's lines, computed once per change to what they come from (decision 019). */
export async function cachedPeriodLines(
  deps: AppDeps,
  companyId: string,
  calendar: PayCalendar,
  period: PayPeriod,
  people: PayPerson[],
) {
  const compute = () => periodLines(deps.db, companyId, calendar, period, people)
  const cache = periodCacheOf(deps)
  return cache ? cache.get(companyId, period, compute) : compute()
}

/** How long a read waits for periods being computed before answering without them. */
export const PERIODS_WAIT_MS = 50

/**
 * Several periods' lines (the accounting chart's), never computed inside the read: those kept, and
 * null for the others, computed together in the background and kept for the next read (issue 42;
 * computing twelve busy weeks takes seconds). Without a cache (no change hubs), all computed here.
 */
export async function keptPeriodsLines(
  deps: AppDeps,
  companyId: string,
  calendar: PayCalendar,
  periods: readonly PayPeriod[],
  people: PayPerson[],
): Promise<(PeriodLine[] | null)[]> {
  const compute = (starts: readonly string[]) =>
    periodsLines(
      deps.db,
      companyId,
      calendar,
      periods.filter((period) => starts.includes(period.start)),
      people,
    )
  const cache = periodCacheOf(deps)
  return cache
    ? cache.keptOrStarted(companyId, periods, compute, PERIODS_WAIT_MS)
    : compute(periods.map((period) => period.start))
}

/** Drops this instance's computed periods of the company after a payroll write (its NOTIFY follows). */
export const payrollChanged = (deps: AppDeps, companyId: string) => periodCacheOf(deps)?.invalidate(companyId)

async function periodState(deps: AppDeps, viewer: Viewer, start: string) {
  const calendar = await loadCalendar(deps.db, viewer.companyId)
  const period = periodStarting(calendar, start)
  const people = await payPeople(deps.db, viewer.companyId)
  const lines = await cachedPeriodLines(deps, viewer.companyId, calendar, period, people)
  return { period, people, lines }
}

/** The Payroll screen's period: its state and each person's figures (their lines come one person at a time). */
export async function periodView(deps: AppDeps, viewer: Viewer, start: string): Promise<PeriodView> {
  const [{ period, people, lines }, record] = await Promise.all([
    periodState(deps, viewer, start),
    periodRecord(deps.db, viewer.companyId, start),
  ])
  const today = payToday()
  return {
    period: {
      ...period,
      status: record?.paid_on ? 'paid' : (record?.status ?? 'review'),
      approvedAt: record?.approved_at?.toISOString() ?? null,
      approvedBy: record?.approved_by ?? null,
      lockedAt: record?.locked_at?.toISOString() ?? null,
      lockedBy: record?.locked_by ?? null,
      payment:
        record?.paid_on && record.paid_reference && record.paid_marked_at
          ? {
              paidOn: record.paid_on,
              reference: record.paid_reference,
              markedAt: record.paid_marked_at.toISOString(),
              markedBy: record.paid_marked_by,
            }
          : null,
      daysLeft: daysLeftText(period, today),
      lockRefusal: lockTooEarly(period, today),
    },
    ...peoplePay(lines, people),
  }
}

/** A period's lines, one person's when asked (the Payroll screen opens a person; the tests and CSV read all). */
export async function periodLineViews(deps: AppDeps, viewer: Viewer, start: string, profileId: string | null) {
  const { lines } = await periodState(deps, viewer, start)
  return lineViews(deps.db, viewer.companyId, profileId ? lines.filter((line) => line.profileId === profileId) : lines)
}

/** The period for a payroll provider: one row per line, people and amounts in dollars. */
export async function periodCsv(deps: AppDeps, viewer: Viewer, start: string) {
  const view = await periodView(deps, viewer, start)
  const lines = await periodLineViews(deps, viewer, start, null)
  const people = new Map(view.people.map((person) => [person.profileId, person]))
  const dollars = (cents: number) => (cents / 100).toFixed(2)
  const rows: (string | number | null)[][] = [
    [
      'Period start',
      'Period end',
      'Status',
      'Person',
      'Person id',
      'Role',
      'Date',
      'Kind',
      'Case',
      'Amount',
      'Held',
      'Explanation',
    ],
    ...lines.map((line) => {
      const person = people.get(line.profileId)
      return [
        view.period.start,
        view.period.end,
        view.period.status,
        person?.name ?? '',
        line.profileId,
        person ? ROLE_LABELS[person.role] : '',
        line.occurredOn,
        PAY_EVENT_LABELS[line.kind],
        line.caseLabel,
        dollars(line.amountCents),
        dollars(line.heldCents),
        line.explanation,
      ]
    }),
  ]
  await recordAudit(deps.db, {
    action: 'payroll.period.exported',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `pay_period:${start}`,
  })
  return { fileName: `payroll-${view.period.start}-to-${view.period.end}.csv`, text: toCsv(rows) }
}

import { ROLE_LABELS } from '../../../domain/auth/roles'
import { toCsv } from '../../../domain/formats/csv'
import { PAY_EVENT_LABELS } from '../../../domain/payroll/pay-kinds'
import type { PayCalendar, PayPeriod } from '../../../domain/payroll/periods'
import type { PeriodView } from '../../../domain/payroll/views'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../lib/app-error'
import { recordAudit } from '../../lib/audit'
import { loadCalendar, lockPayroll, periodRecord } from './calendar-repository'
import { insertLines } from './lines-repository'
import { payToday } from './pay-day'
import { type PayPerson, payPeople } from './people-repository'
import { periodCacheOf } from './period-cache'
import { periodLines } from './period-engine'
import { lineViews, peoplePay } from './period-view'

export const PERIOD_NOT_FOUND = 'No pay period starts on that day.'
const conflict = (message: string) => new AppError('conflict', message)

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
  return cache ? cache.get(companyId, period.start, compute) : compute()
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
  return {
    period: {
      ...period,
      status: record?.status ?? 'review',
      approvedAt: record?.approved_at?.toISOString() ?? null,
      approvedBy: record?.approved_by ?? null,
      lockedAt: record?.locked_at?.toISOString() ?? null,
      lockedBy: record?.locked_by ?? null,
    },
    ...peoplePay(lines, people),
  }
}

/** A period's lines, one person's when asked (the Payroll screen opens a person; the tests and CSV read all). */
export async function periodLineViews(deps: AppDeps, viewer: Viewer, start: string, profileId: string | null) {
  const { lines } = await periodState(deps, viewer, start)
  return lineViews(deps.db, profileId ? lines.filter((line) => line.profileId === profileId) : lines)
}

/** Approving stores the period's lines as they stand: later work lands in the next period in review. */
export async function approvePeriod(deps: AppDeps, viewer: Viewer, start: string, ip: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    await lockPayroll(trx, viewer.companyId)
    const calendar = await loadCalendar(trx, viewer.companyId)
    const period = periodStarting(calendar, start)
    const status = calendar.statusOf(period)
    if (status !== 'review') throw conflict(`This period is already ${status}.`)
    if (period.start > payToday()) throw conflict('A period that has not begun cannot be approved.')
    const people = await payPeople(trx, viewer.companyId)
    const lines = await periodLines(trx, viewer.companyId, calendar, period, people)
    await trx
      .insertInto('pay_periods')
      .values({
        company_id: viewer.companyId,
        starts_on: period.start,
        ends_on: period.end,
        status: 'approved',
        approved_by_profile_id: viewer.profileId,
      })
      .execute()
    await insertLines(trx, viewer.companyId, period.start, lines)
    const totals = peoplePay(lines, people).totals
    await recordAudit(trx, {
      action: 'payroll.period.approved',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `pay_period:${period.start}`,
      detail: { end: period.end, lines: lines.length, totalCents: totals.totalCents, heldCents: totals.heldCents },
      ip,
    })
  })
  payrollChanged(deps, viewer.companyId)
  return periodView(deps, viewer, start)
}

export async function reopenPeriod(deps: AppDeps, viewer: Viewer, start: string, ip: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    await lockPayroll(trx, viewer.companyId)
    const calendar = await loadCalendar(trx, viewer.companyId)
    const period = periodStarting(calendar, start)
    const status = calendar.statusOf(period)
    if (status === 'locked')
      throw conflict('This period is locked and never changes; add a correction to the next period.')
    if (status === 'review') throw conflict('This period is already in review.')
    await trx
      .deleteFrom('pay_periods')
      .where('company_id', '=', viewer.companyId)
      .where('starts_on', '=', period.start)
      .execute()
    await recordAudit(trx, {
      action: 'payroll.period.reopened',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `pay_period:${period.start}`,
      ip,
    })
  })
  payrollChanged(deps, viewer.companyId)
  return periodView(deps, viewer, start)
}

export async function lockPeriod(deps: AppDeps, viewer: Viewer, start: string, ip: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    await lockPayroll(trx, viewer.companyId)
    const calendar = await loadCalendar(trx, viewer.companyId)
    const period = periodStarting(calendar, start)
    const status = calendar.statusOf(period)
    if (status === 'locked') throw conflict('This period is already locked.')
    if (status === 'review') throw conflict('Approve the period before locking it.')
    await trx
      .updateTable('pay_periods')
      .set({ status: 'locked', locked_at: new Date(), locked_by_profile_id: viewer.profileId })
      .where('company_id', '=', viewer.companyId)
      .where('starts_on', '=', period.start)
      .execute()
    await recordAudit(trx, {
      action: 'payroll.period.locked',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `pay_period:${period.start}`,
      ip,
    })
  })
  payrollChanged(deps, viewer.companyId)
  return periodView(deps, viewer, start)
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

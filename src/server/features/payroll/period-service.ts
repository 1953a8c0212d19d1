import type { Transaction } from 'kysely'
import { ROLE_LABELS } from '../../../domain/auth/roles'
import { toCsv } from '../../../domain/formats/csv'
import { formatCaseDate } from '../../../domain/formats/dates'
import type { MarkPaidInput } from '../../../domain/payroll/inputs'
import { PAY_EVENT_LABELS } from '../../../domain/payroll/pay-kinds'
import {
  daysLeftText,
  lockTooEarly,
  type PayCalendar,
  type PayPeriod,
  type PeriodStatus,
  paidOnProblem,
} from '../../../domain/payroll/periods'
import type { PeriodView } from '../../../domain/payroll/views'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { AppError, badRequest, notFound } from '../../lib/app-error'
import { recordAudit } from '../../lib/audit'
import { loadCalendar, lockPayroll, periodRecord } from './calendar-repository'
import { payToday } from './pay-day'
import { type PayPerson, payPeople } from './people-repository'
import { periodCacheOf } from './period-cache'
import { periodLines, periodsLines } from './period-engine'
import {
  deleteStoredPeriod,
  markPeriodLocked,
  periodPayment,
  releasedElsewhere,
  storeApprovedPeriod,
  storePeriodPayment,
} from './period-repository'
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

/** Several periods' lines (the accounting chart's): those kept, the others computed together and kept. */
export async function cachedPeriodsLines(
  deps: AppDeps,
  companyId: string,
  calendar: PayCalendar,
  periods: readonly PayPeriod[],
  people: PayPerson[],
) {
  const compute = (starts: readonly string[]) =>
    periodsLines(
      deps.db,
      companyId,
      calendar,
      periods.filter((period) => starts.includes(period.start)),
      people,
    )
  const cache = periodCacheOf(deps)
  const starts = periods.map((period) => period.start)
  return cache ? cache.getMany(companyId, starts, compute) : compute(starts)
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

type Move = { action: 'approved' | 'reopened' | 'locked' | 'paid'; refuse: Partial<Record<PeriodStatus, string>> }
type MoveContext = { trx: Transaction<DB>; calendar: PayCalendar; period: PayPeriod }

/**
 * One move of a period (approve, reopen, lock, mark paid): under the company's payroll lock,
 * refused with the reason from the states it cannot come from, audited (unless `apply` answers
 * null: nothing changed), and this instance's computed periods dropped.
 */
async function movePeriod(
  deps: AppDeps,
  viewer: Viewer,
  start: string,
  ip: string | null,
  move: Move,
  apply: (context: MoveContext) => Promise<Record<string, unknown> | undefined | null>,
) {
  await deps.db.transaction().execute(async (trx) => {
    await lockPayroll(trx, viewer.companyId)
    const calendar = await loadCalendar(trx, viewer.companyId)
    const period = periodStarting(calendar, start)
    const refusal = move.refuse[calendar.statusOf(period)]
    if (refusal) throw conflict(refusal)
    const detail = await apply({ trx, calendar, period })
    if (detail === null) return
    await recordAudit(trx, {
      action: `payroll.period.${move.action}`,
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `pay_period:${period.start}`,
      detail: { end: period.end, ...detail },
      ip,
    })
  })
  payrollChanged(deps, viewer.companyId)
  return periodView(deps, viewer, start)
}

/** Approving stores the period's lines as they stand: later work lands in the next period in review. */
export const approvePeriod = (deps: AppDeps, viewer: Viewer, start: string, ip: string | null) =>
  movePeriod(
    deps,
    viewer,
    start,
    ip,
    {
      action: 'approved',
      refuse: {
        approved: 'This period is already approved.',
        locked: 'This period is already locked.',
        paid: 'This period is already paid.',
      },
    },
    async ({ trx, calendar, period }) => {
      if (period.start > payToday()) throw conflict('A period that has not begun cannot be approved.')
      const people = await payPeople(trx, viewer.companyId)
      const lines = await periodLines(trx, viewer.companyId, calendar, period, people)
      await storeApprovedPeriod(trx, viewer, period, lines)
      const totals = peoplePay(lines, people).totals
      return { lines: lines.length, totalCents: totals.totalCents, heldCents: totals.heldCents }
    },
  )

/** An approved period back in review: its stored lines go, and it is computed again. */
export const reopenPeriod = (deps: AppDeps, viewer: Viewer, start: string, ip: string | null) =>
  movePeriod(
    deps,
    viewer,
    start,
    ip,
    {
      action: 'reopened',
      refuse: {
        review: 'This period is already in review.',
        locked: 'This period is locked and never changes; add a correction to the next period.',
        paid: 'This period is paid and never changes; add a correction to the next period.',
      },
    },
    async ({ trx, period }) => {
      if (await releasedElsewhere(trx, viewer.companyId, period.start))
        throw conflict('A later period already released pay this period held; correct it with an adjustment instead.')
      await deleteStoredPeriod(trx, viewer.companyId, period.start)
      return undefined
    },
  )

/** Locking makes an approved period final, once it is over: work may still come in until its last day ends. */
export const lockPeriod = (deps: AppDeps, viewer: Viewer, start: string, ip: string | null) =>
  movePeriod(
    deps,
    viewer,
    start,
    ip,
    {
      action: 'locked',
      refuse: {
        review: 'Approve the period before locking it.',
        locked: 'This period is already locked.',
        paid: 'This period is already locked and paid.',
      },
    },
    async ({ trx, period }) => {
      const tooEarly = lockTooEarly(period, payToday())
      if (tooEarly) throw conflict(tooEarly)
      await markPeriodLocked(trx, viewer, period.start)
      return undefined
    },
  )

/**
 * 'Mark paid': a locked period's people were paid on a day, under a reference. The same mark
 * again changes nothing; a different one is refused (a payment, once recorded, stays).
 */
export const markPeriodPaid = (deps: AppDeps, viewer: Viewer, start: string, input: MarkPaidInput, ip: string | null) =>
  movePeriod(
    deps,
    viewer,
    start,
    ip,
    {
      action: 'paid',
      refuse: {
        review: 'Approve and lock the period before marking it paid.',
        approved: 'Lock the period before marking it paid.',
      },
    },
    async ({ trx, period }) => {
      const recorded = await periodPayment(trx, viewer.companyId, period.start)
      if (recorded) {
        if (recorded.paid_on === input.paidOn && recorded.reference === input.reference) return null
        throw conflict(
          `This period was already marked paid on ${formatCaseDate(recorded.paid_on)} (reference ${recorded.reference}).`,
        )
      }
      const problem = paidOnProblem(period, input.paidOn, payToday())
      if (problem) throw badRequest(`paidOn: ${problem}`, 'paidOn')
      await storePeriodPayment(trx, viewer, period.start, input)
      return { paidOn: input.paidOn, reference: input.reference }
    },
  )

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

import type { Transaction } from 'kysely'
import { formatCaseDate } from '../../../domain/formats/dates'
import type { MarkPaidInput } from '../../../domain/payroll/inputs'
import {
  lockTooEarly,
  type PayCalendar,
  type PayPeriod,
  type PeriodStatus,
  paidOnProblem,
} from '../../../domain/payroll/periods'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { AppError, badRequest } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { loadCalendar, lockPayroll } from './calendar-repository'
import { payToday } from './pay-day'
import { payPeople } from './people-repository'
import { periodLines } from './period-engine'
import {
  deleteStoredPeriod,
  markPeriodLocked,
  periodPayment,
  releasedElsewhere,
  storeApprovedPeriod,
  storePeriodPayment,
} from './period-repository'
import { payrollChanged, periodStarting, periodView } from './period-service'
import { peoplePay } from './period-view'

// A pay period's moves (approve, reopen, lock, mark paid); period-service.ts reads periods.

const conflict = (message: string) => new AppError('conflict', message)

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

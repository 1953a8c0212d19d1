import { sql, type Transaction } from 'kysely'
import type { PeriodLine } from '../../../domain/payroll/assemble'
import type { PayPeriod } from '../../../domain/payroll/periods'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { insertLines } from './lines-repository'

/** An approved period and the lines it pays, stored as they stand. */
export async function storeApprovedPeriod(
  trx: Transaction<DB>,
  viewer: Viewer,
  period: PayPeriod,
  lines: PeriodLine[],
) {
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
}

/** Reopening: the period and (by cascade) its lines go; a locked one refuses (trigger). */
export async function deleteStoredPeriod(trx: Transaction<DB>, companyId: string, start: string) {
  await trx.deleteFrom('pay_periods').where('company_id', '=', companyId).where('starts_on', '=', start).execute()
}

export async function markPeriodLocked(trx: Transaction<DB>, viewer: Viewer, start: string) {
  await trx
    .updateTable('pay_periods')
    .set({ status: 'locked', locked_at: new Date(), locked_by_profile_id: viewer.profileId })
    .where('company_id', '=', viewer.companyId)
    .where('starts_on', '=', start)
    .execute()
}

/** Whether a later stored period already released pay this period held (reopening it would pay it twice). */
export async function releasedElsewhere(trx: Transaction<DB>, companyId: string, start: string) {
  const result = await sql<{ one: number }>`select 1 as one from pay_lines held
    join pay_lines released on released.company_id = held.company_id and released.key = 'release:' || held.key
    where held.company_id = ${companyId} and held.period_start = ${start} and held.held_cents > 0
    limit 1`.execute(trx)
  return result.rows.length > 0
}

/** A locked period marked paid: the day and reference, once (a second mark finds the first). */
export async function storePeriodPayment(
  trx: Transaction<DB>,
  viewer: Viewer,
  start: string,
  payment: { paidOn: string; reference: string },
) {
  await trx
    .insertInto('pay_period_payments')
    .values({
      company_id: viewer.companyId,
      period_start: start,
      paid_on: payment.paidOn,
      reference: payment.reference,
      marked_by_profile_id: viewer.profileId,
    })
    .execute()
}

export async function periodPayment(trx: Transaction<DB>, companyId: string, start: string) {
  return trx
    .selectFrom('pay_period_payments')
    .select(['paid_on', 'reference'])
    .where('company_id', '=', companyId)
    .where('period_start', '=', start)
    .executeTakeFirst()
}

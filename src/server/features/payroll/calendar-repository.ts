import { type Kysely, sql, type Transaction } from 'kysely'
import { DEFAULT_PAY_SETTINGS, type FrozenPeriod, PayCalendar, type PaySettings } from '../../../domain/payroll/periods'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export async function loadPaySettings(db: Db, companyId: string): Promise<PaySettings> {
  const row = await db
    .selectFrom('pay_settings')
    .select(['cadence', 'anchor'])
    .where('company_id', '=', companyId)
    .executeTakeFirst()
  return row ?? DEFAULT_PAY_SETTINGS
}

/** The approved and locked periods, a locked one marked paid reading 'paid'. */
export async function loadFrozenPeriods(db: Db, companyId: string): Promise<FrozenPeriod[]> {
  const rows = await db
    .selectFrom('pay_periods')
    .leftJoin('pay_period_payments as payment', (join) =>
      join
        .onRef('payment.company_id', '=', 'pay_periods.company_id')
        .onRef('payment.period_start', '=', 'pay_periods.starts_on'),
    )
    .select(['pay_periods.starts_on', 'pay_periods.ends_on', 'pay_periods.status', 'payment.paid_on'])
    .where('pay_periods.company_id', '=', companyId)
    .orderBy('pay_periods.starts_on')
    .execute()
  return rows.map((row) => ({
    start: row.starts_on,
    end: row.ends_on,
    status: row.paid_on === null ? row.status : 'paid',
  }))
}

/** The company's periods: its cadence and every period it approved or locked. */
export async function loadCalendar(db: Db, companyId: string): Promise<PayCalendar> {
  const [settings, frozen] = await Promise.all([loadPaySettings(db, companyId), loadFrozenPeriods(db, companyId)])
  return new PayCalendar(settings, frozen)
}

export async function savePaySettings(db: Db, companyId: string, settings: PaySettings, profileId: string) {
  await db
    .insertInto('pay_settings')
    .values({ company_id: companyId, ...settings, updated_by_profile_id: profileId })
    .onConflict((conflict) =>
      conflict
        .column('company_id')
        .doUpdateSet({ ...settings, updated_by_profile_id: profileId, updated_at: sql`now()` }),
    )
    .execute()
}

/** One payroll change at a time per company (approving, locking, settings): a transaction-long lock. */
export async function lockPayroll(trx: Transaction<DB>, companyId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`payroll:${companyId}`}))`.execute(trx)
}

export async function periodRecord(db: Db, companyId: string, start: string) {
  return db
    .selectFrom('pay_periods')
    .leftJoin('profiles as approver', 'approver.id', 'pay_periods.approved_by_profile_id')
    .leftJoin('profiles as locker', 'locker.id', 'pay_periods.locked_by_profile_id')
    .leftJoin('pay_period_payments as payment', (join) =>
      join
        .onRef('payment.company_id', '=', 'pay_periods.company_id')
        .onRef('payment.period_start', '=', 'pay_periods.starts_on'),
    )
    .leftJoin('profiles as payer', 'payer.id', 'payment.marked_by_profile_id')
    .select([
      'pay_periods.starts_on',
      'pay_periods.ends_on',
      'pay_periods.status',
      'pay_periods.approved_at',
      'pay_periods.locked_at',
      sql<string | null>`nullif(trim(concat_ws(' ', approver.first_name, approver.last_name)), '')`.as('approved_by'),
      sql<string | null>`nullif(trim(concat_ws(' ', locker.first_name, locker.last_name)), '')`.as('locked_by'),
      'payment.paid_on',
      'payment.reference as paid_reference',
      'payment.marked_at as paid_marked_at',
      sql<string | null>`nullif(trim(concat_ws(' ', payer.first_name, payer.last_name)), '')`.as('paid_marked_by'),
    ])
    .where('pay_periods.company_id', '=', companyId)
    .where('pay_periods.starts_on', '=', start)
    .executeTakeFirst()
}

/** The day each of some periods (by first day) was paid, for those marked paid. */
export async function periodPaidDays(
  db: Db,
  companyId: string,
  starts: readonly string[],
): Promise<Map<string, string>> {
  if (starts.length === 0) return new Map()
  const rows = await db
    .selectFrom('pay_period_payments')
    .select(['period_start', 'paid_on'])
    .where('company_id', '=', companyId)
    .where('period_start', 'in', starts)
    .execute()
  return new Map(rows.map((row) => [row.period_start, row.paid_on]))
}

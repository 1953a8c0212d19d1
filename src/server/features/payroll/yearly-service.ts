import { ROLE_LABELS } from '../../../domain/auth/roles'
import { toCsv } from '../../../domain/formats/csv'
import type { YearlyPay } from '../../../domain/payroll/views'
import type { AppDeps, Viewer } from '../../app-env'
import { recordAudit } from '../../records/audit'
import { payToday } from './pay-day'
import { payPeople } from './people-repository'

/**
 * The 1099-NEC reporting threshold: $600 through 2025, $2,000 for payments from 2026 (the One Big
 * Beautiful Bill Act).
 */
export const nec1099ThresholdCents = (year: number) => (year >= 2026 ? 200_000 : 60_000)

/** What each person was paid in a year: the lines of locked periods that ended in it (paid on the period's end). */
export async function yearlyPay(deps: AppDeps, viewer: Viewer, requested: number | null): Promise<YearlyPay> {
  const year = requested ?? Number(payToday().slice(0, 4))
  const [rows, people] = await Promise.all([
    deps.db
      .selectFrom('pay_lines as l')
      .innerJoin('pay_periods as p', (join) =>
        join.onRef('p.company_id', '=', 'l.company_id').onRef('p.starts_on', '=', 'l.period_start'),
      )
      .select(({ fn }) => [
        'l.profile_id',
        fn.sum<number>('l.amount_cents').as('paid'),
        fn.count<number>('l.period_start').distinct().as('periods'),
      ])
      .where('l.company_id', '=', viewer.companyId)
      .where('p.status', '=', 'locked')
      .where('p.ends_on', '>=', `${year}-01-01`)
      .where('p.ends_on', '<=', `${year}-12-31`)
      .groupBy('l.profile_id')
      .execute(),
    payPeople(deps.db, viewer.companyId),
  ])
  const known = new Map(people.map((person) => [person.profileId, person]))
  const thresholdCents = nec1099ThresholdCents(year)
  return {
    year,
    thresholdCents,
    people: rows
      .map((row) => {
        const person = known.get(row.profile_id)
        const paidCents = Number(row.paid)
        return {
          profileId: row.profile_id,
          name: person?.name ?? 'Former staff',
          role: person?.role ?? 'recovery_agent',
          paidCents,
          periods: Number(row.periods),
          reportable: paidCents >= thresholdCents,
        }
      })
      .sort((a, b) => b.paidCents - a.paidCents || a.name.localeCompare(b.name)),
  }
}

/** The year's totals for a 1099 preparer: one row per person, amounts in dollars. */
export async function yearlyCsv(deps: AppDeps, viewer: Viewer, requested: number | null) {
  const yearly = await yearlyPay(deps, viewer, requested)
  const rows: (string | number)[][] = [
    ['Year', 'Person', 'Person id', 'Role', 'Paid', 'Locked periods', '1099-NEC reportable'],
    ...yearly.people.map((person) => [
      yearly.year,
      person.name,
      person.profileId,
      ROLE_LABELS[person.role],
      (person.paidCents / 100).toFixed(2),
      person.periods,
      person.reportable ? 'Yes' : 'No',
    ]),
  ]
  await recordAudit(deps.db, {
    action: 'payroll.yearly.exported',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `pay_year:${yearly.year}`,
  })
  return { fileName: `pay-${yearly.year}-1099.csv`, text: toCsv(rows) }
}

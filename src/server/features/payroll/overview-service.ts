import { formatCaseDate } from '../../../domain/formats/dates'
import type { PaySettings } from '../../../domain/payroll/periods'
import type { PayrollOverview } from '../../../domain/payroll/views'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { loadCalendar, lockPayroll, savePaySettings } from './calendar-repository'
import { payToday } from './pay-day'
import { payPeople } from './people-repository'
import { payrollChanged } from './period-service'

/** How many periods the period picker offers, newest first. */
const RECENT_PERIODS = 26

export async function payrollOverview(deps: AppDeps, viewer: Viewer): Promise<PayrollOverview> {
  const calendar = await loadCalendar(deps.db, viewer.companyId)
  const today = payToday()
  return {
    settings: { ...calendar.settings, firstUnfrozenDay: calendar.firstUnfrozenDay() },
    periods: calendar.recent(today, RECENT_PERIODS).map((period) => ({ ...period, status: calendar.statusOf(period) })),
    current: calendar.periodOf(today).start,
  }
}

/** Everyone who can be paid or charged, for the forms' person pickers (active people first). */
export async function payrollPeople(deps: AppDeps, viewer: Viewer) {
  const people = await payPeople(deps.db, viewer.companyId)
  return people.filter((person) => person.active).map(({ profileId, name, role }) => ({ profileId, name, role }))
}

/** A new cadence starts after the last approved or locked period: stored periods keep their days. */
export async function updatePaySettings(deps: AppDeps, viewer: Viewer, settings: PaySettings, ip: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    await lockPayroll(trx, viewer.companyId)
    const calendar = await loadCalendar(trx, viewer.companyId)
    const earliest = calendar.firstUnfrozenDay()
    if (earliest && settings.anchor < earliest)
      throw new AppError(
        'conflict',
        `Periods up to ${formatCaseDate(earliest)} are approved or locked; start the new cadence on ${formatCaseDate(earliest)} or later.`,
        'anchor',
      )
    await savePaySettings(trx, viewer.companyId, settings, viewer.profileId)
    await recordAudit(trx, {
      action: 'payroll.settings.updated',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: 'pay_settings',
      detail: { before: calendar.settings, after: settings },
      ip,
    })
  })
  payrollChanged(deps, viewer.companyId)
  return (await payrollOverview(deps, viewer)).settings
}

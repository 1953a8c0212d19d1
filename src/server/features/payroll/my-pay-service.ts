import { canOpenScreen } from '../../../domain/auth/permissions'
import { totalsByPerson } from '../../../domain/payroll/assemble'
import { myPayLines } from '../../../domain/payroll/unpaid-events'
import type { MyPay } from '../../../domain/payroll/views'
import type { AppDeps, Viewer } from '../../app-env'
import { forbidden, notFound } from '../../http/app-error'
import { loadCalendar, periodPaidDays } from './calendar-repository'
import { payToday } from './pay-day'
import { payPeople } from './people-repository'
import { periodsLines } from './period-engine'
import { periodStarting } from './period-service'
import { lineViews } from './period-view'

export const PERSON_NOT_FOUND = 'Person not found.'

/** How many periods My Pay lists. */
const MY_PERIODS = 8

/** A person sees only their own pay; payroll people (admin, manager) anyone's (403). */
export function assertMayOpenPay(viewer: Viewer, profileId: string) {
  if (profileId !== viewer.profileId && !canOpenScreen(viewer.role, 'Payroll & Accounting'))
    throw forbidden('You can see only your own pay.')
}

/**
 * One person's pay: the last periods' figures (earned while in review, approved once approved or
 * locked, paid once marked paid, and held) and the lines of one period that earn pay (the events
 * that earned none only counted: the Payroll screen says why). A person sees only their own;
 * payroll people (admin, manager) anyone's of their company.
 */
export async function myPay(
  deps: AppDeps,
  viewer: Viewer,
  profileId: string,
  periodStart: string | null,
): Promise<MyPay> {
  assertMayOpenPay(viewer, profileId)
  const people = await payPeople(deps.db, viewer.companyId)
  const person = people.find((candidate) => candidate.profileId === profileId)
  if (!person) throw notFound(PERSON_NOT_FOUND)
  const calendar = await loadCalendar(deps.db, viewer.companyId)
  const periods = calendar.recent(payToday(), MY_PERIODS)
  const paidDays = await periodPaidDays(
    deps.db,
    viewer.companyId,
    periods.map((period) => period.start),
  )
  const chosen = periodStart ? periodStarting(calendar, periodStart) : periods[0]
  // The periods' sources read once for all of them (and the one asked for, when older).
  const listed = periods.some((period) => period.start === chosen.start) ? periods : [...periods, chosen]
  const lineSets = await periodsLines(deps.db, viewer.companyId, calendar, listed, people, profileId)
  const shown = lineSets[listed.findIndex((period) => period.start === chosen.start)]
  const earning = myPayLines(shown)
  return {
    person: { profileId, name: person.name },
    periods: periods.map((period, index) => {
      const status = calendar.statusOf(period)
      // The Payroll screen's figures for the person: earned before chargebacks, approved and paid after.
      const [totals] = totalsByPerson(lineSets[index])
      const net = totals?.totalCents ?? 0
      return {
        ...period,
        status,
        earnedCents: totals?.earnedCents ?? 0,
        heldCents: totals?.heldCents ?? 0,
        approvedCents: status === 'review' ? 0 : net,
        paidCents: status === 'paid' ? net : 0,
        paidOn: paidDays.get(period.start) ?? null,
      }
    }),
    period: { ...chosen, status: calendar.statusOf(chosen) },
    lines: await lineViews(deps.db, viewer.companyId, earning.lines),
    eventsWithoutPay: earning.eventsWithoutPay,
  }
}

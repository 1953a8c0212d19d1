import type { Kysely, Transaction } from 'kysely'
import { addDays } from '../../../domain/dashboards/periods'
import { assemblePeriod, type PeriodLine } from '../../../domain/payroll/assemble'
import type { PayCalendar, PayPeriod } from '../../../domain/payroll/periods'
import type { DB } from '../../db/schema'
import { paidDays } from './case-fees-repository'
import { loadPayEvents } from './event-sources'
import { paidEventKeys, storedLines, unreleasedHeldLines } from './lines-repository'
import { type PayPerson, peopleMaps } from './people-repository'
import { loadRules } from './rules-repository'

type Db = Kysely<DB> | Transaction<DB>

/** How far back late work is looked for: the approved or locked periods just before this one, at most a year. */
function lookbackStart(calendar: PayCalendar, period: PayPeriod) {
  const limit = addDays(period.start, -366)
  let from = period.start
  let previous = addDays(period.start, -1)
  while (previous >= limit && calendar.isFrozen(previous)) {
    from = calendar.periodOf(previous).start
    previous = addDays(from, -1)
  }
  return from
}

/**
 * The lines of a period: stored when approved or locked, else computed from what the product
 * records under the rules in effect. With `profileId`, only that person's lines (their volume
 * tiers counted on their own events, as for everyone).
 */
export async function periodLines(
  db: Db,
  companyId: string,
  calendar: PayCalendar,
  period: PayPeriod,
  people: readonly PayPerson[],
  profileId?: string,
): Promise<PeriodLine[]> {
  if (calendar.isFrozen(period.start)) return storedLines(db, companyId, [period.start], profileId)
  const from = lookbackStart(calendar, period)
  const [allEvents, paidKeys, held, rules] = await Promise.all([
    loadPayEvents(db, companyId, { from, to: period.end }),
    paidEventKeys(db, companyId, from, period.end),
    unreleasedHeldLines(db, companyId),
    loadRules(db, companyId),
  ])
  const involves = (ids: Array<string | null>) => !profileId || ids.includes(profileId)
  const events = allEvents.filter((event) => involves([event.profileId, event.finderId, event.partnerId]))
  const heldLines = held.filter((line) => involves([line.profileId]))
  const heldCases = [...new Set(heldLines.map((line) => line.caseKey).filter((key) => key !== null))]
  const { payees, names } = peopleMaps(people)
  const lines = assemblePeriod({
    period,
    calendar,
    events,
    paidEventKeys: paidKeys,
    heldLines,
    releasedKeys: new Set(),
    paidOnByCase: await paidDays(db, companyId, heldCases),
    rules,
    payees,
    names,
  })
  return profileId ? lines.filter((line) => line.profileId === profileId) : lines
}

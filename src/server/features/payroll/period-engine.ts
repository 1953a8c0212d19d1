import type { Kysely, Transaction } from 'kysely'
import { addDays } from '../../../domain/dashboards/periods'
import { assemblePeriod, type PeriodLine } from '../../../domain/payroll/assemble'
import type { PayCalendar, PayPeriod } from '../../../domain/payroll/periods'
import type { PayEvent } from '../../../domain/payroll/pricing'
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
 * The events that price one person's lines: their own, and every event of the same kind of each
 * agent whose recovery they share (a split follows the agent's volume tier, counted on all of
 * that agent's events).
 */
function eventsPricingPerson(events: readonly PayEvent[], profileId: string): PayEvent[] {
  const sharedWith = new Set<string>()
  for (const event of events)
    if (event.finderId === profileId || event.partnerId === profileId)
      sharedWith.add(`${event.profileId}|${event.kind}`)
  return events.filter((event) => event.profileId === profileId || sharedWith.has(`${event.profileId}|${event.kind}`))
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
  const [allEvents, held, rules] = await Promise.all([
    loadPayEvents(db, companyId, { from, to: period.end }),
    unreleasedHeldLines(db, companyId),
    loadRules(db, companyId),
  ])
  const events = profileId ? eventsPricingPerson(allEvents, profileId) : allEvents
  const paidKeys = await paidEventKeys(
    db,
    companyId,
    events.map((event) => event.key),
  )
  const heldLines = profileId ? held.filter((line) => line.profileId === profileId) : held
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

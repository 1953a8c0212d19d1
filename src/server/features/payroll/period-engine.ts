import { setImmediate } from 'node:timers/promises'
import type { Kysely, Transaction } from 'kysely'
import { addDays } from '../../../domain/formats/calendar-days'
import { assemblePeriod, type PeriodLine } from '../../../domain/payroll/assemble'
import { joinedRanges } from '../../../domain/payroll/day-ranges'
import type { PayCalendar, PayPeriod } from '../../../domain/payroll/periods'
import type { PayEvent } from '../../../domain/payroll/pricing'
import type { PayRule } from '../../../domain/payroll/rules'
import type { DB } from '../../db/schema'
import { paidDays } from './case-fees-repository'
import { type EventPeople, loadPayEvents } from './event-sources'
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
  const [lines] = await periodsLines(db, companyId, calendar, [period], people, profileId)
  return lines
}

/**
 * The lines of several periods (My Pay's eight, the accounting chart's twelve), each as
 * periodLines computes it, their sources read once for all of them: the stored lines of those
 * approved or locked in one statement, and the events of each stretch of days the others reach
 * (a period and its lookback) in one read, rather than every period reading its own.
 */
export async function periodsLines(
  db: Db,
  companyId: string,
  calendar: PayCalendar,
  periods: readonly PayPeriod[],
  people: readonly PayPerson[],
  profileId?: string,
): Promise<PeriodLine[][]> {
  const frozen = periods.filter((period) => calendar.isFrozen(period.start))
  const open = periods
    .filter((period) => !calendar.isFrozen(period.start))
    .map((period) => ({ period, from: lookbackStart(calendar, period) }))
  const stored = await storedLines(
    db,
    companyId,
    frozen.map((period) => period.start),
    profileId,
  )
  const computed = new Map<string, PeriodLine[]>()
  if (open.length > 0) {
    const rules = await loadRules(db, companyId)
    const [allEvents, held] = await Promise.all([
      profileId
        ? eventsPricingOneOf(db, companyId, open, rules, profileId)
        : eventsOfStretches(db, companyId, open, rules),
      unreleasedHeldLines(db, companyId),
    ])
    const paidKeys = await paidEventKeys(
      db,
      companyId,
      allEvents.map((event) => event.key),
    )
    const heldLines = profileId ? held.filter((line) => line.profileId === profileId) : held
    const heldCases = [...new Set(heldLines.map((line) => line.caseKey).filter((key) => key !== null))]
    const paidOnByCase = await paidDays(db, companyId, heldCases)
    const { payees, names } = peopleMaps(people)
    for (const { period, from } of open) {
      const periodEvents = allEvents.filter((event) => event.occurredOn >= from && event.occurredOn <= period.end)
      const lines = assemblePeriod({
        period,
        calendar,
        events: profileId ? eventsPricingPerson(periodEvents, profileId) : periodEvents,
        paidEventKeys: paidKeys,
        heldLines,
        releasedKeys: new Set(),
        paidOnByCase,
        rules,
        payees,
        names,
      })
      computed.set(period.start, profileId ? lines.filter((line) => line.profileId === profileId) : lines)
      // A busy period takes tens of milliseconds to price: other requests are answered in between.
      await setImmediate()
    }
  }
  return periods.map(
    (period) => computed.get(period.start) ?? stored.filter((line) => line.periodStart === period.start),
  )
}

type OpenPeriod = { period: PayPeriod; from: string }

/**
 * The pay events of the stretches of days some periods and their lookbacks cover, one stretch
 * after another: everyone's, or those `people` earn or share.
 */
async function eventsOfStretches(
  db: Db,
  companyId: string,
  open: readonly OpenPeriod[],
  rules: readonly PayRule[],
  people: EventPeople = null,
) {
  const events: PayEvent[] = []
  for (const range of joinedRanges(open.map(({ period, from }) => ({ from, to: period.end }))))
    for (const event of await loadPayEvents(db, companyId, range, rules, people)) events.push(event)
  return events
}

/**
 * What eventsPricingPerson needs of the stretches, read for the person rather than for everyone:
 * their own events and those they share, then every event of the agents they share with.
 */
async function eventsPricingOneOf(
  db: Db,
  companyId: string,
  open: readonly OpenPeriod[],
  rules: readonly PayRule[],
  profileId: string,
) {
  const own = await eventsOfStretches(db, companyId, open, rules, [profileId])
  const sharers = [...new Set(own.map((event) => event.profileId).filter((id) => id !== profileId))]
  if (sharers.length === 0) return own
  const keys = new Set(own.map((event) => event.key))
  const theirs = await eventsOfStretches(db, companyId, open, rules, sharers)
  return [...own, ...theirs.filter((event) => !keys.has(event.key))]
}

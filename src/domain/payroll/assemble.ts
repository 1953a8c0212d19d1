import type { Day } from '../formats/calendar-days'
import { formatCaseDate } from '../formats/dates'
import type { PayEventKind } from './pay-kinds'
import type { PayCalendar, PayPeriod } from './periods'
import { type PayEvent, type PricedLine, priceEvents } from './pricing'
import type { Payee, PayRule } from './rules'

// Issue 18: the lines a period in review pays. Work is paid in the period it happened in; work
// recorded after its period was approved or locked lands in the next period still in review,
// and so does pay a locked period held until the lender paid.

export type PeriodLine = PricedLine & {
  /** Pay earned but held until the lender pays (not in the total). */
  heldCents: number
  /** The period the work happened in, when it is paid later than that. */
  carriedFrom: Day | null
}

/** A stored line of an approved or locked period that still holds pay back. */
export type HeldLine = Omit<PeriodLine, 'carriedFrom'> & { periodStart: Day }

export type PeriodInputs = {
  period: PayPeriod
  calendar: PayCalendar
  /** Events that happened in the period, and unpaid ones from before it. */
  events: readonly PayEvent[]
  /** Events a stored (approved or locked) period already pays. */
  paidEventKeys: ReadonlySet<string>
  heldLines: readonly HeldLine[]
  /** Keys of the held lines a stored period already released. */
  releasedKeys: ReadonlySet<string>
  /** When each case's invoices were paid in full. */
  paidOnByCase: ReadonlyMap<string, Day | null>
  rules: readonly PayRule[]
  payees: ReadonlyMap<string, Payee>
  names: ReadonlyMap<string, string>
}

export const releaseKey = (lineKey: string) => `release:${lineKey}`

export function assemblePeriod(inputs: PeriodInputs): PeriodLine[] {
  const { period, calendar } = inputs
  const carried = new Map<string, Day>()
  const events = inputs.events.filter((event) => {
    if (inputs.paidEventKeys.has(event.key) || event.occurredOn > period.end) return false
    const natural = calendar.periodOf(event.occurredOn)
    if (natural.start === period.start) return true
    if (natural.start > period.start || !calendar.isFrozen(natural.start)) return false
    if (calendar.firstOpenFrom(event.occurredOn).start !== period.start) return false
    carried.set(event.key, natural.start)
    return true
  })
  const paidOn = new Map(events.map((event) => [event.key, event.paidOn]))
  // The priced lines are this call's own: completed in place rather than copied.
  const lines = priceEvents(events, inputs.rules, inputs.payees, inputs.names) as PeriodLine[]
  for (const line of lines) {
    const lenderPaid = paidOn.get(line.eventKey)
    const held = line.holdback && line.amountCents > 0 && !(lenderPaid && lenderPaid <= period.end)
    line.heldCents = held ? line.amountCents : 0
    if (held) line.amountCents = 0
    line.carriedFrom = carried.get(line.eventKey) ?? null
  }
  for (const held of inputs.heldLines) {
    const key = releaseKey(held.key)
    if (inputs.releasedKeys.has(key) || !held.caseKey) continue
    const paidDay = inputs.paidOnByCase.get(held.caseKey)
    if (!paidDay || paidDay > period.end || calendar.firstOpenFrom(paidDay).start !== period.start) continue
    lines.push({
      ...held,
      key,
      amountCents: held.heldCents,
      heldCents: 0,
      carriedFrom: held.periodStart,
      explanation: `Released: the lender paid on ${formatCaseDate(paidDay)} (${held.explanation})`,
    })
  }
  return lines
}

export type PersonTotals = {
  profileId: string
  events: number
  earnedCents: number
  heldCents: number
  chargedBackCents: number
  totalCents: number
}

const CHARGEBACK: PayEventKind = 'chargeback'

/** Each person's figures for a period's lines: earned, held, charged back, total paid. */
export function totalsByPerson(
  lines: readonly Pick<PeriodLine, 'profileId' | 'eventKey' | 'kind' | 'amountCents' | 'heldCents'>[],
) {
  const people = new Map<string, PersonTotals & { keys: Set<string> }>()
  for (const line of lines) {
    let person = people.get(line.profileId)
    if (!person) {
      person = {
        profileId: line.profileId,
        events: 0,
        earnedCents: 0,
        heldCents: 0,
        chargedBackCents: 0,
        totalCents: 0,
        keys: new Set(),
      }
      people.set(line.profileId, person)
    }
    person.keys.add(line.eventKey)
    if (line.kind === CHARGEBACK) person.chargedBackCents -= line.amountCents
    else person.earnedCents += line.amountCents
    person.heldCents += line.heldCents
    person.totalCents += line.amountCents
  }
  return [...people.values()].map(({ keys, ...person }) => ({ ...person, events: keys.size }))
}

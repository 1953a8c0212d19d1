import type { PeriodLine } from './assemble'
import { RULE_KINDS, type RuleKind } from './pay-kinds'

// Issue 41: an event no pay rule prices makes a $0.00 line saying so. The manager reads why on
// the Payroll screen; the person paid sees only what earns pay, and how many events earned none.

type Line = Pick<PeriodLine, 'eventKey' | 'kind' | 'ruleId' | 'amountCents' | 'heldCents'>

const ruleKinds: ReadonlySet<string> = new Set<RuleKind>(RULE_KINDS)

/** A line that pays or holds money (a chargeback takes some back: it counts too). */
export const earnsPay = (line: Line) => line.amountCents !== 0 || line.heldCents !== 0

/** A line of work no pay rule applied to: it earns nothing because no rule covers it. */
export const noRuleApplied = (line: Line) =>
  line.ruleId === null && ruleKinds.has(line.kind) && line.amountCents === 0 && line.heldCents === 0

const eventCount = (lines: readonly Line[]) => new Set(lines.map((line) => line.eventKey)).size

/** My Pay's lines: those that earn pay, and how many events earned nothing (no line shown for them). */
export function myPayLines<T extends Line>(lines: readonly T[]): { lines: T[]; eventsWithoutPay: number } {
  const earning = lines.filter(earnsPay)
  const paidEvents = new Set(earning.map((line) => line.eventKey))
  const unpaid = lines.filter((line) => !earnsPay(line) && !paidEvents.has(line.eventKey))
  return { lines: earning, eventsWithoutPay: eventCount(unpaid) }
}

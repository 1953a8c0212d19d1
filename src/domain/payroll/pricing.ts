import { formatCents } from '../billing/money'
import type { Day } from '../formats/calendar-days'
import { formatCaseDate } from '../formats/dates'
import { PAY_EVENT_LABELS, type PayBasis, type PayEventKind, type RuleKind, WHOLE_BP } from './pay-kinds'
import { type Payee, type PayRule, ruleFor } from './rules'

// Issue 18: how each event becomes pay lines, each with the words that answer "why was I paid this".

/** A case's invoice lines summed per fee type: what percent rules are a share of. */
export type CaseFees = Record<string, { billedCents: number; collectedCents: number }>

export type PayEvent = {
  /** Stable over time ('recovery:order:<id>'): a line paid in a locked period is never paid again. */
  key: string
  kind: PayEventKind
  profileId: string
  occurredOn: Day
  caseKey: string | null
  caseLabel: string
  orderType: string | null
  clientId: string | null
  /** Recoveries: the camera car driver who found it, and a second agent on a two-person team. */
  finderId: string | null
  partnerId: string | null
  miles: number | null
  hours: number | null
  fees: CaseFees
  /** The day the lender paid the case's invoices in full; null while anything is owed or nothing was invoiced. */
  paidOn: Day | null
  /** Adjustments and chargebacks: their own amount (a chargeback is negative). */
  amountCents: number | null
  note: string
}

export type PricedLine = {
  key: string
  eventKey: string
  kind: PayEventKind
  profileId: string
  occurredOn: Day
  caseKey: string | null
  caseLabel: string
  ruleId: string | null
  amountCents: number
  /** Whether the rule holds this pay until the lender pays. */
  holdback: boolean
  explanation: string
}

const percentText = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)} %`
const roundShare = (cents: number, bp: number) => Math.round((cents * bp) / WHOLE_BP)

function feeBase(fees: CaseFees, excluded: readonly string[], pick: 'billedCents' | 'collectedCents') {
  let total = 0
  for (const [feeType, amounts] of Object.entries(fees)) if (!excluded.includes(feeType)) total += amounts[pick]
  return total
}

/** The amount a rule gives an event at a rate, and the words for it. */
function priceAt(basis: PayBasis, rate: number, rule: PayRule, event: PayEvent): { cents: number; words: string } {
  switch (basis) {
    case 'flat':
      return { cents: rate, words: `flat ${formatCents(rate)}` }
    case 'percent_billed':
    case 'percent_collected': {
      const pick = basis === 'percent_billed' ? 'billedCents' : 'collectedCents'
      const base = feeBase(event.fees, rule.excludedFeeTypes, pick)
      const leftOut = rule.excludedFeeTypes.length ? ` (not ${rule.excludedFeeTypes.join(', ')})` : ''
      const of = basis === 'percent_billed' ? 'billed' : 'collected'
      return { cents: roundShare(base, rate), words: `${percentText(rate)} of ${formatCents(base)} ${of}${leftOut}` }
    }
    case 'per_mile': {
      if (event.miles === null) return { cents: 0, words: `${formatCents(rate)} a mile, no miles recorded` }
      return { cents: Math.round(event.miles * rate), words: `${event.miles} mi × ${formatCents(rate)}` }
    }
    case 'per_hour': {
      if (event.hours === null) return { cents: 0, words: `${formatCents(rate)} an hour, no hours recorded` }
      return { cents: Math.round(event.hours * rate), words: `${event.hours} h × ${formatCents(rate)}` }
    }
    case 'none':
      return { cents: 0, words: 'earns nothing' }
  }
}

const ruleWhose = (rule: PayRule) => (rule.profileId ? 'personal rule' : 'role rule')

/**
 * Every line of a period's events. `events` are the ones the period pays; volume tiers count each
 * person's events of a kind in the order they happened.
 */
export function priceEvents(
  events: readonly PayEvent[],
  rules: readonly PayRule[],
  payees: ReadonlyMap<string, Payee>,
  names: ReadonlyMap<string, string>,
): PricedLine[] {
  // Plain code-unit order (days and keys are ASCII): localeCompare is far slower on a busy period.
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const ordered = [...events].sort((a, b) => byText(a.occurredOn, b.occurredOn) || byText(a.key, b.key))
  const counts = new Map<string, number>()
  const lines: PricedLine[] = []
  // Lines are built field by field, not by spreading: a busy period has tens of thousands.
  const line = (
    event: PayEvent,
    key: string,
    profileId: string,
    ruleId: string | null,
    amountCents: number,
    holdback: boolean,
    explanation: string,
  ): PricedLine => ({
    key,
    eventKey: event.key,
    kind: event.kind,
    profileId,
    occurredOn: event.occurredOn,
    caseKey: event.caseKey,
    caseLabel: event.caseLabel,
    ruleId,
    amountCents,
    holdback,
    explanation,
  })
  for (const event of ordered) {
    if (event.amountCents !== null) {
      const label = PAY_EVENT_LABELS[event.kind]
      lines.push(
        line(
          event,
          event.key,
          event.profileId,
          null,
          event.amountCents,
          false,
          event.note ? `${label}: ${event.note}` : label,
        ),
      )
      continue
    }
    const payee = payees.get(event.profileId)
    const kind = event.kind as RuleKind
    const rule = payee ? ruleFor(event as PayEvent & { kind: RuleKind }, payee, rules) : null
    if (!rule) {
      const words = `No pay rule for ${PAY_EVENT_LABELS[event.kind].toLowerCase()} on ${formatCaseDate(event.occurredOn)}`
      lines.push(line(event, event.key, event.profileId, null, 0, false, words))
      continue
    }
    const countKey = `${event.profileId}|${kind}`
    const count = (counts.get(countKey) ?? 0) + 1
    counts.set(countKey, count)
    const tiered = rule.tierAfter !== null && rule.tierRate !== null && count > rule.tierAfter
    const priced = priceAt(rule.basis, tiered ? (rule.tierRate as number) : rule.rate, rule, event)
    const tierWords = tiered ? `, tier rate after ${rule.tierAfter} this period (#${count})` : ''
    let words = `${PAY_EVENT_LABELS[event.kind]}: ${priced.words}${tierWords} (${ruleWhose(rule)})`

    const shares: Array<{ profileId: string; bp: number; as: string }> = []
    if (event.finderId && event.finderId !== event.profileId && rule.finderShareBp > 0)
      shares.push({ profileId: event.finderId, bp: rule.finderShareBp, as: 'finder' })
    if (event.partnerId && event.partnerId !== event.profileId && rule.partnerShareBp > 0)
      shares.push({ profileId: event.partnerId, bp: rule.partnerShareBp, as: 'team partner' })
    let kept = priced.cents
    const agentName = names.get(event.profileId) ?? 'the agent'
    for (const share of shares) {
      // Rounding two shares up may not take more than is left: the agent is never paid below zero.
      const cents = Math.min(roundShare(priced.cents, share.bp), kept)
      kept -= cents
      const key = `${event.key}:${share.as === 'finder' ? 'finder' : 'partner'}`
      const splitWords = `${percentText(share.bp)} split as ${share.as} of ${agentName}'s ${formatCents(priced.cents)} recovery`
      lines.push(line(event, key, share.profileId, rule.id, cents, rule.holdback, splitWords))
      words += `, ${percentText(share.bp)} to the ${share.as}`
    }
    const explanation = rule.holdback ? `${words}; held until the lender pays` : words
    lines.push(line(event, event.key, event.profileId, rule.id, kept, rule.holdback, explanation))
  }
  return lines
}

import type { Role } from '../auth/roles'
import type { Day } from '../formats/calendar-days'
import { isPercentBasis, type PayBasis, type RuleKind, WHOLE_BP } from './pay-kinds'

// Issue 18's pay rules: effective-dated, per role with per-person overrides, narrowed by order
// type and client. Rates are cents (flat, per mile, per hour) or basis points (percents).

export type PayRule = {
  id: string
  kind: RuleKind
  /** Exactly one of role and profileId: a role's rule, or one person's override. */
  role: Role | null
  profileId: string | null
  orderType: string | null
  clientId: string | null
  basis: PayBasis
  rate: number
  /** After this many events of the kind in a period, each further one earns tierRate. */
  tierAfter: number | null
  tierRate: number | null
  /** Recoveries: the camera car driver who found it gets this share; a second agent on the team gets partnerShareBp. */
  finderShareBp: number
  partnerShareBp: number
  /** Fee types a percent rule leaves out of the invoice base (storage, by default). */
  excludedFeeTypes: string[]
  /** Held until the lender pays the case's invoices. */
  holdback: boolean
  effectiveFrom: Day
  effectiveTo: Day | null
}

/**
 * What a rule is for: two rules with the same scope may not be in effect on the same day. Order
 * types compare whatever their case, as ruleFor matches them.
 */
export const ruleScope = (rule: Pick<PayRule, 'kind' | 'role' | 'profileId' | 'orderType' | 'clientId'>) => {
  const orderType = rule.orderType?.toLowerCase() ?? '*'
  return [rule.kind, rule.profileId ?? `role:${rule.role}`, orderType, rule.clientId ?? '*'].join('|')
}

const rangesOverlap = (
  a: Pick<PayRule, 'effectiveFrom' | 'effectiveTo'>,
  b: Pick<PayRule, 'effectiveFrom' | 'effectiveTo'>,
) => a.effectiveFrom <= (b.effectiveTo ?? '9999-12-31') && b.effectiveFrom <= (a.effectiveTo ?? '9999-12-31')

/** The existing rule a new one would overlap (same person or role, event, order type and client, days in common). */
export function overlappingRule<T extends PayRule>(candidate: Omit<PayRule, 'id'>, rules: readonly T[]): T | undefined {
  const scope = ruleScope(candidate)
  return rules.find((rule) => ruleScope(rule) === scope && rangesOverlap(rule, candidate))
}

/** Why a rule cannot be saved, in words a manager reads; empty when it can. */
export function ruleProblems(rule: Omit<PayRule, 'id'>): string[] {
  const problems: string[] = []
  if ((rule.role === null) === (rule.profileId === null)) problems.push('Choose a role or one person, not both.')
  if (!Number.isSafeInteger(rule.rate) || rule.rate < 0) problems.push('The rate cannot be negative.')
  if (isPercentBasis(rule.basis) && rule.rate > WHOLE_BP) problems.push('A percent cannot be over 100 %.')
  if (rule.tierRate !== null && (!Number.isSafeInteger(rule.tierRate) || rule.tierRate < 0))
    problems.push('The tier rate cannot be negative.')
  if ((rule.tierAfter === null) !== (rule.tierRate === null))
    problems.push('Give both the tier count and the tier rate.')
  if (rule.tierAfter !== null && (!Number.isSafeInteger(rule.tierAfter) || rule.tierAfter < 1))
    problems.push('The tier starts after at least one event.')
  if (isPercentBasis(rule.basis) && rule.tierRate !== null && rule.tierRate > WHOLE_BP)
    problems.push('A percent cannot be over 100 %.')
  if (rule.finderShareBp < 0 || rule.partnerShareBp < 0) problems.push('A split share cannot be negative.')
  if (rule.finderShareBp + rule.partnerShareBp > WHOLE_BP) problems.push('A split cannot be over 100 %.')
  if ((rule.finderShareBp > 0 || rule.partnerShareBp > 0) && rule.kind !== 'recovery')
    problems.push('Only recoveries are split.')
  if (rule.effectiveTo !== null && rule.effectiveTo < rule.effectiveFrom)
    problems.push('The rule cannot end before it starts.')
  return [...new Set(problems)]
}

export type Payee = { id: string; role: Role }
export type RuleTarget = { kind: RuleKind; occurredOn: Day; orderType: string | null; clientId: string | null }

/** How closely a rule fits: a person's override beats a role's rule; a client beats an order type beats neither. */
const specificity = (rule: PayRule) => (rule.profileId ? 4 : 0) + (rule.clientId ? 2 : 0) + (rule.orderType ? 1 : 0)

const sameText = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase()

/** The rule that prices an event for a person on the day it happened, if any. */
export function ruleFor(target: RuleTarget, payee: Payee, rules: readonly PayRule[]): PayRule | null {
  let best: PayRule | null = null
  for (const rule of rules) {
    if (rule.kind !== target.kind) continue
    if (rule.effectiveFrom > target.occurredOn || (rule.effectiveTo !== null && rule.effectiveTo < target.occurredOn))
      continue
    if (rule.profileId ? rule.profileId !== payee.id : rule.role !== payee.role) continue
    if (rule.orderType !== null && !sameText(rule.orderType, target.orderType)) continue
    if (rule.clientId !== null && rule.clientId !== target.clientId) continue
    if (!best || specificity(rule) > specificity(best)) best = rule
  }
  return best
}

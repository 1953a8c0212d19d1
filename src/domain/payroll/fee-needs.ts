import { isPercentBasis } from './pay-kinds'
import type { PayRule } from './rules'

type EventScope = { kind: string; orderType: string | null; clientId: string | null }

const sameText = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase()

/**
 * Whether an event's pay may read its case's invoices: some rule of its kind that could price it
 * (its order type and client, or any) is a percent of the fees or holds pay until the lender
 * pays. Flat pay never does, so a period of flat rules reads no invoice at all.
 */
export function mayReadCaseFees(event: EventScope, rules: readonly PayRule[]): boolean {
  return rules.some(
    (rule) =>
      rule.kind === event.kind &&
      (isPercentBasis(rule.basis) || rule.holdback) &&
      (rule.orderType === null || sameText(rule.orderType, event.orderType)) &&
      (rule.clientId === null || rule.clientId === event.clientId),
  )
}

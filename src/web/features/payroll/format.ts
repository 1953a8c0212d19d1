import { findFeeType } from '../../../domain/billing/fee-catalog'
import { formatCents, parseDollars } from '../../../domain/billing/money'
import { formatDateTime } from '../../../domain/formats/dates'
import { isPercentBasis, PAY_BASIS_LABELS, type PayBasis } from '../../../domain/payroll/pay-kinds'
import type { PayRuleView } from '../../../domain/payroll/views'

/** '25%' or '12.5%' from basis points (1/100 of a percent). */
export const formatBp = (bp: number) => `${(bp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`

/** Basis points from a percent as typed ('25', '12.5', '7.25%'); null for anything else. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim())
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Cents from a signed dollar amount ('-25', '-$1,000.50'): an adjustment may take money back. */
export function parseSignedDollars(text: string): number | null {
  const trimmed = text.trim()
  const negative = trimmed.startsWith('-')
  const cents = parseDollars(negative ? trimmed.slice(1) : trimmed)
  return cents === null ? null : negative ? -cents : cents
}

/** A rule's rate as money or a percent, whichever its basis counts in. */
export const formatRate = (basis: PayBasis, rate: number) =>
  isPercentBasis(basis) ? formatBp(rate) : formatCents(rate)

/** 'Percent of billed: 25%', 'Per mile: $0.65', 'Earns nothing'. */
export const ruleHowText = (rule: Pick<PayRuleView, 'basis' | 'rate'>) =>
  rule.basis === 'none'
    ? PAY_BASIS_LABELS.none
    : `${PAY_BASIS_LABELS[rule.basis]}: ${formatRate(rule.basis, rule.rate)}`

export const ruleTierText = (rule: Pick<PayRuleView, 'basis' | 'tierAfter' | 'tierRate'>) =>
  rule.tierAfter !== null && rule.tierRate !== null
    ? `after ${rule.tierAfter}: ${formatRate(rule.basis, rule.tierRate)}`
    : '—'

export function ruleSplitText(rule: Pick<PayRuleView, 'finderShareBp' | 'partnerShareBp'>) {
  const parts = [
    rule.finderShareBp > 0 ? `finder ${formatBp(rule.finderShareBp)}` : null,
    rule.partnerShareBp > 0 ? `partner ${formatBp(rule.partnerShareBp)}` : null,
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : '—'
}

/** Fee type codes by their catalog names ('Storage'). */
export const feeTypeNames = (codes: readonly string[]) =>
  codes.length > 0 ? codes.map((code) => findFeeType(code)?.name ?? code).join(', ') : '—'

/** A moment as SPEC.md's other date/time displays ('3/4/25, 3:10 PM'). */
export const momentText = (value: string) => formatDateTime(value)

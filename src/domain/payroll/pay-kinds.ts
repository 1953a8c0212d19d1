// Issue 18: what a person is paid for. Every kind but the two manual ones is priced by pay rules.

export const PAY_EVENT_KINDS = [
  'recovery',
  'find',
  'close_fee',
  'key',
  'transport',
  'condition_report',
  'field_visit',
  'adjustment',
  'chargeback',
] as const
export type PayEventKind = (typeof PAY_EVENT_KINDS)[number]

export const PAY_EVENT_LABELS: Record<PayEventKind, string> = {
  recovery: 'Recovery',
  find: 'Camera find',
  close_fee: 'Close fee',
  key: 'Keys made',
  transport: 'Transport',
  condition_report: 'Condition report',
  field_visit: 'Field visit',
  adjustment: 'Adjustment',
  chargeback: 'Chargeback',
}

/** The kinds a pay rule prices (adjustments and chargebacks carry their own amount). */
export const RULE_KINDS = [
  'recovery',
  'find',
  'close_fee',
  'key',
  'transport',
  'condition_report',
  'field_visit',
] as const satisfies readonly PayEventKind[]
export type RuleKind = (typeof RULE_KINDS)[number]

/** Work a person logs by hand (the product records no transport, condition report or miles yet). */
export const LOGGED_WORK_KINDS = [
  'transport',
  'condition_report',
  'field_visit',
  'key',
] as const satisfies readonly RuleKind[]

/**
 * What a manager enters by hand: adjustments, chargebacks, logged work, and the second agent of a
 * two-person team on a recovery (an entry that pays nothing itself: it splits the recovery).
 */
export const PAY_ENTRY_KINDS = ['adjustment', 'chargeback', ...LOGGED_WORK_KINDS, 'team_partner'] as const
export type PayEntryKind = (typeof PAY_ENTRY_KINDS)[number]

export const PAY_ENTRY_LABELS: Record<PayEntryKind, string> = { ...PAY_EVENT_LABELS, team_partner: 'Team partner' }

/** How a rule turns an event into money. Rates are cents, or basis points (1/100 of a percent) for percents. */
export const PAY_BASES = ['flat', 'percent_billed', 'percent_collected', 'per_mile', 'per_hour', 'none'] as const
export type PayBasis = (typeof PAY_BASES)[number]

export const PAY_BASIS_LABELS: Record<PayBasis, string> = {
  flat: 'Flat per event',
  percent_billed: 'Percent of billed',
  percent_collected: 'Percent of collected',
  per_mile: 'Per mile',
  per_hour: 'Per hour',
  none: 'Earns nothing',
}

export const isPercentBasis = (basis: PayBasis) => basis === 'percent_billed' || basis === 'percent_collected'

/** Why money is taken back from a person, tied to a case. */
export const CHARGEBACK_REASONS = ['Wrongful repossession', 'Damage', 'Service-level credit', 'Other'] as const
export type ChargebackReason = (typeof CHARGEBACK_REASONS)[number]

/** A whole share: 10,000 basis points is 100 %. */
export const WHOLE_BP = 10_000

/** Fee types a percent rule leaves out unless told otherwise: storage earns nobody a commission. */
export const DEFAULT_EXCLUDED_FEE_TYPES = ['STORAGE'] as const

import type { Role } from '../../../domain/auth/roles'
import { parseDollars } from '../../../domain/billing/money'
import {
  DEFAULT_EXCLUDED_FEE_TYPES,
  isPercentBasis,
  type PayBasis,
  type RuleKind,
} from '../../../domain/payroll/pay-kinds'
import type { PayRuleInput } from './api'
import { parsePercent } from './format'

/** The New rule form as typed: text where a person types, converted once on save. */
export type RuleDraft = {
  kind: RuleKind
  target: 'role' | 'person'
  role: Role | ''
  profileId: string
  orderType: string
  clientId: string
  basis: PayBasis
  rate: string
  tierAfter: string
  tierRate: string
  finderShare: string
  partnerShare: string
  holdback: boolean
  excludedFeeTypes: string[]
  effectiveFrom: string
  effectiveTo: string
}

export const newRuleDraft = (today: string): RuleDraft => ({
  kind: 'recovery',
  target: 'role',
  role: 'recovery_agent',
  profileId: '',
  orderType: '',
  clientId: '',
  basis: 'flat',
  rate: '',
  tierAfter: '',
  tierRate: '',
  finderShare: '',
  partnerShare: '',
  holdback: false,
  excludedFeeTypes: [...DEFAULT_EXCLUDED_FEE_TYPES],
  effectiveFrom: today,
  effectiveTo: '',
})

/** A draft that cannot be sent, naming the field (the input schema's name) that is wrong. */
export class RuleDraftError extends Error {
  readonly field: string

  constructor(field: string, message: string) {
    super(message)
    this.field = field
  }
}

/** Cents for money bases, basis points for percent bases. */
function rateOf(basis: PayBasis, text: string, field: string, what: string): number {
  const value = isPercentBasis(basis) ? parsePercent(text) : parseDollars(text)
  if (value === null)
    throw new RuleDraftError(
      field,
      isPercentBasis(basis) ? `Enter ${what} as a percent, like 25.` : `Enter ${what} in dollars, like 45.00.`,
    )
  return value
}

function shareOf(text: string, field: string): number {
  if (text.trim() === '') return 0
  const value = parsePercent(text)
  if (value === null) throw new RuleDraftError(field, 'Enter the share as a percent, like 20.')
  return value
}

/** The draft as POST /api/payroll/rules takes it; throws RuleDraftError for what the form can tell at once. */
export function toRuleInput(draft: RuleDraft): PayRuleInput {
  if (draft.target === 'role' && !draft.role) throw new RuleDraftError('role', 'Choose a role.')
  if (draft.target === 'person' && !draft.profileId) throw new RuleDraftError('profileId', 'Choose a person.')
  const rate = draft.basis === 'none' ? 0 : rateOf(draft.basis, draft.rate, 'rate', 'the rate')
  const tiered = draft.tierAfter.trim() !== '' || draft.tierRate.trim() !== ''
  let tierAfter: number | null = null
  let tierRate: number | null = null
  if (tiered && draft.basis !== 'none') {
    if (!/^\d+$/.test(draft.tierAfter.trim()) || Number(draft.tierAfter) < 1)
      throw new RuleDraftError('tierAfter', 'Enter after how many events the tier rate starts, like 10.')
    tierAfter = Number(draft.tierAfter.trim())
    tierRate = rateOf(draft.basis, draft.tierRate, 'tierRate', 'the tier rate')
  }
  const recovery = draft.kind === 'recovery'
  return {
    kind: draft.kind,
    role: draft.target === 'role' ? (draft.role as Role) : null,
    profileId: draft.target === 'person' ? draft.profileId : null,
    orderType: draft.orderType.trim() || null,
    clientId: draft.clientId || null,
    basis: draft.basis,
    rate,
    tierAfter,
    tierRate,
    finderShareBp: recovery ? shareOf(draft.finderShare, 'finderShareBp') : 0,
    partnerShareBp: recovery ? shareOf(draft.partnerShare, 'partnerShareBp') : 0,
    excludedFeeTypes: draft.excludedFeeTypes,
    holdback: draft.holdback,
    effectiveFrom: draft.effectiveFrom,
    effectiveTo: draft.effectiveTo || null,
  }
}

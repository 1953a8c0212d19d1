import type { PayEvent } from './pricing'
import type { Payee, PayRule } from './rules'

/**
 * A pay rule for tests, unless told otherwise: rule 'agents', by which recovery agents earn a flat $150.00 per
 * recovery of any order type and client from 2024-01-01 on, with no tier, no split, no holdback, and storage left out
 * of any percent.
 */
export const payRule = (overrides: Partial<PayRule> = {}): PayRule => ({
  id: 'agents',
  kind: 'recovery',
  role: 'recovery_agent',
  profileId: null,
  orderType: null,
  clientId: null,
  basis: 'flat',
  rate: 15_000,
  tierAfter: null,
  tierRate: null,
  finderShareBp: 0,
  partnerShareBp: 0,
  excludedFeeTypes: ['STORAGE'],
  holdback: false,
  effectiveFrom: '2024-01-01',
  effectiveTo: null,
  ...overrides,
})

/**
 * A pay event for tests, unless told otherwise: Ann's recovery of case 7 (Involuntary, for client 'bank') on
 * 2024-03-04, with no finder, partner, miles or hours, the lender not paid yet, billed $350 repossession + $50 keys +
 * $60 storage and collected $250 + $50 + $60 of it.
 */
export const payEvent = (overrides: Partial<PayEvent> = {}): PayEvent => ({
  key: 'recovery:order:7',
  kind: 'recovery',
  profileId: 'ann',
  occurredOn: '2024-03-04',
  caseKey: 'order:7',
  caseLabel: 'Case 7',
  orderType: 'Involuntary',
  clientId: 'bank',
  finderId: null,
  partnerId: null,
  miles: null,
  hours: null,
  fees: {
    INVOLUNTARY_REPO: { billedCents: 35_000, collectedCents: 25_000 },
    KEYS: { billedCents: 5_000, collectedCents: 5_000 },
    STORAGE: { billedCents: 6_000, collectedCents: 6_000 },
  },
  paidOn: null,
  amountCents: null,
  note: '',
  ...overrides,
})

/** The people tests pay: Ann and Bob are recovery agents, Cam drives the camera car. */
export const payees: ReadonlyMap<string, Payee> = new Map<string, Payee>([
  ['ann', { id: 'ann', role: 'recovery_agent' }],
  ['bob', { id: 'bob', role: 'recovery_agent' }],
  ['cam', { id: 'cam', role: 'camera_driver' }],
])

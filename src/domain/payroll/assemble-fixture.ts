import { assemblePeriod, type HeldLine, type PeriodInputs } from './assemble'
import { payEvent, payees, payRule } from './pay-fixtures'
import { type FrozenPeriod, PayCalendar, type PayPeriod } from './periods'
import type { PayEvent } from './pricing'
import type { PayRule } from './rules'

// What the period-assembly tests share.

// Weekly from Monday 2024-01-01: the first week is locked, the second approved, the next two in review.
export const P1: PayPeriod = { start: '2024-01-01', end: '2024-01-07' }
export const P2: PayPeriod = { start: '2024-01-08', end: '2024-01-14' }
export const P3: PayPeriod = { start: '2024-01-15', end: '2024-01-21' }
export const P4: PayPeriod = { start: '2024-01-22', end: '2024-01-28' }
export const frozen: FrozenPeriod[] = [
  { ...P1, status: 'locked' },
  { ...P2, status: 'approved' },
]
export const calendar = new PayCalendar({ cadence: 'weekly', anchor: '2024-01-01' }, frozen)

/** The fixture's rule, but in effect from 2023-01-01, so that work of late December 2023 is priced too. */
export const rule = (overrides: Partial<PayRule> = {}) => payRule({ effectiveFrom: '2023-01-01', ...overrides })

/** Ann's recovery of case 7 on 2024-01-16, inside P3, with nothing invoiced. */
export const event = (overrides: Partial<PayEvent> = {}) =>
  payEvent({ occurredOn: '2024-01-16', fees: {}, ...overrides })

export const held = (overrides: Partial<HeldLine> = {}): HeldLine => ({
  key: 'recovery:order:5',
  eventKey: 'recovery:order:5',
  kind: 'recovery',
  profileId: 'ann',
  occurredOn: '2024-01-03',
  caseKey: 'order:5',
  caseLabel: 'Case 5',
  ruleId: 'agents',
  amountCents: 0,
  heldCents: 15_000,
  holdback: true,
  explanation: 'Recovery: flat $150.00 (role rule); held until the lender pays',
  periodStart: P1.start,
  ...overrides,
})

export const assemble = (overrides: Partial<PeriodInputs> = {}) =>
  assemblePeriod({
    period: P3,
    calendar,
    events: [],
    paidEventKeys: new Set(),
    heldLines: [],
    releasedKeys: new Set(),
    paidOnByCase: new Map(),
    rules: [rule()],
    payees,
    names: new Map([['ann', 'Ann Agent']]),
    ...overrides,
  })

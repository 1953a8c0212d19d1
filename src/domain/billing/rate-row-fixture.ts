import type { RateRow } from './pricing'

/** A rate row for tests: a flat $350.00 involuntary repossession for any order type, unless told otherwise. */
export const rateRow = (overrides: Partial<RateRow> = {}): RateRow => ({
  feeType: 'INVOLUNTARY_REPO',
  orderType: null,
  basis: 'flat',
  amountCents: 35_000,
  includedMiles: 0,
  marketAmounts: {},
  minCents: null,
  maxCents: null,
  needsApproval: false,
  billableToDebtor: true,
  noPassOnStates: [],
  daysToInvoice: null,
  ...overrides,
})

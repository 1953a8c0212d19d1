import { payees } from './pay-fixtures'
import { type PayEvent, type PricedLine, priceEvents } from './pricing'
import type { PayRule } from './rules'

// What the pricing tests share.

/** The payees' names, as the split lines spell the agent's. */
export const names = new Map([
  ['ann', 'Ann Agent'],
  ['bob', 'Bob Partner'],
  ['cam', 'Cam Driver'],
])

export const price = (events: PayEvent[], rules: PayRule[]) => priceEvents(events, rules, payees, names)
export const brief = (lines: PricedLine[]) =>
  lines.map((line) => [line.key, line.profileId, line.amountCents, line.holdback, line.explanation])

import { type StorageRule, storageCharge } from '../billing/pricing'

// Issue 20: what a debtor pays to redeem the vehicle: the case's billed fees that may be passed on
// to the debtor in the case's state, and storage up to today (or to its release).

export type BilledLine = {
  feeType: string
  name: string
  kind: 'fee' | 'storage'
  amountCents: number
  debtorBillable: boolean
}

export type StorageFacts = {
  rule: StorageRule
  startedAt: Date
  /** When storage stopped for the vehicle itself (released, transported, redeemed), else null. */
  stoppedAt: Date | null
  debtorBillable: boolean
}

export type RedemptionQuote = {
  charges: Array<{ feeType: string; name: string; amountCents: number }>
  storage: { days: number; billableDays: number; amountCents: number } | null
  /** Fees the lender pays but the debtor may not be charged in the state. */
  excluded: Array<{ feeType: string; name: string; amountCents: number }>
  totalCents: number
}

/**
 * The debtor's redemption quote. Storage is counted to `now` for the debtor even where the lender's
 * invoice stopped it at sending: the vehicle stays on the lot until it is redeemed.
 */
export function redemptionQuote(
  lines: readonly BilledLine[],
  storage: StorageFacts | null,
  now: Date,
): RedemptionQuote {
  const fees = lines.filter((line) => line.kind === 'fee')
  const charges = fees
    .filter((line) => line.debtorBillable)
    .map(({ feeType, name, amountCents }) => ({ feeType, name, amountCents }))
  const excluded = fees
    .filter((line) => !line.debtorBillable)
    .map(({ feeType, name, amountCents }) => ({ feeType, name, amountCents }))
  const stored =
    storage && storage.debtorBillable ? storageCharge(storage.rule, storage.startedAt, storage.stoppedAt ?? now) : null
  const totalCents = charges.reduce((sum, line) => sum + line.amountCents, 0) + (stored?.amountCents ?? 0)
  return { charges, storage: stored, excluded, totalCents }
}

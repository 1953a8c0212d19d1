import { findFeeType } from './fee-catalog'
import { isCents } from './money'

// Issue 17's pricing: a client's rate card, versioned by effective dates, prices a case line by
// line in integer cents. The version in force on the repossession date is the one that prices.

export const RATE_BASES = ['flat', 'per_day', 'per_mile', 'per_block'] as const
export type RateBasis = (typeof RATE_BASES)[number]

/** A per-block rate bills each started block of this many minutes. */
export const BLOCK_MINUTES = 15

export type RateRow = {
  /** A fee type's code (fee-catalog.ts). */
  feeType: string
  /** The order type it prices ('Involuntary', 'Impound', ...), or null for any. */
  orderType: string | null
  basis: RateBasis
  amountCents: number
  /** Per mile: the miles included before billing starts. */
  includedMiles: number
  /** Another amount in these markets. */
  marketAmounts: Readonly<Record<string, number>>
  minCents: number | null
  maxCents: number | null
  needsApproval: boolean
  billableToDebtor: boolean
  /** Two-letter states where it may not be passed on to the debtor. */
  noPassOnStates: readonly string[]
  /** Days after completion the client allows for invoicing it, or null for no limit. */
  daysToInvoice: number | null
}

export type StorageRule = { freeDays: number; dailyCents: number; capCents: number | null }

export type RateCardVersion = {
  version: number
  /** First day in force, 'YYYY-MM-DD'. */
  effectiveFrom: string
  /** Last day in force (inclusive), or null while it is the latest. */
  effectiveTo: string | null
  rows: readonly RateRow[]
  storage: StorageRule | null
}

/** What a line is used for: days (per day), miles (per mile), minutes (per block). */
export type Usage = { days?: number; miles?: number; minutes?: number }

export type PricedLine = {
  feeType: string
  quantity: number
  unitCents: number
  amountCents: number
  needsApproval: boolean
  /** Whether it may be passed on to the debtor in the case's state. */
  debtorBillable: boolean
  /** No rate on the card for it: priced at nothing until one is set. */
  unpriced: boolean
  /** Billed by the day, mile or block, and how many is not known yet: priced at nothing until it is. */
  needsUsage: boolean
}

/** The version in force on a day ('YYYY-MM-DD'), or null when none is. */
export function versionInForce(versions: readonly RateCardVersion[], day: string): RateCardVersion | null {
  return (
    versions.find(
      (version) => version.effectiveFrom <= day && (version.effectiveTo === null || day <= version.effectiveTo),
    ) ?? null
  )
}

/** Two versions whose effective dates overlap, or null when none do. */
export function findOverlap(versions: readonly RateCardVersion[]): [RateCardVersion, RateCardVersion] | null {
  const sorted = [...versions].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
  for (let index = 1; index < sorted.length; index++) {
    const [before, after] = [sorted[index - 1], sorted[index]]
    if (before.effectiveTo === null || before.effectiveTo >= after.effectiveFrom) return [before, after]
  }
  return null
}

/** Names typed by people and by lenders compared as one: 'Involuntary' is 'involuntary '. */
const sameName = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase()

/** A market's own amount on a row, whatever the case of its name. */
function marketAmount(row: RateRow, market: string | null): number | undefined {
  if (market === null) return undefined
  const entry = Object.entries(row.marketAmounts).find(([name]) => sameName(name, market))
  return entry?.[1]
}

/** The card's row for a fee and order type: one for that order type first, else one for any. */
export function rateRowFor(rows: readonly RateRow[], feeType: string, orderType: string | null) {
  const ofType = rows.filter((row) => row.feeType === feeType)
  return (
    ofType.find((row) => row.orderType !== null && sameName(row.orderType, orderType)) ??
    ofType.find((row) => row.orderType === null) ??
    null
  )
}

/** How many units a basis bills for that usage: whole days, miles past the included ones, started blocks. */
export function billedQuantity(row: Pick<RateRow, 'basis' | 'includedMiles'>, usage: Usage): number {
  switch (row.basis) {
    case 'flat':
      return 1
    case 'per_day':
      return Math.max(0, Math.ceil(usage.days ?? 0))
    case 'per_mile':
      return Math.max(0, Math.ceil(usage.miles ?? 0) - row.includedMiles)
    case 'per_block':
      return Math.max(0, Math.ceil((usage.minutes ?? 0) / BLOCK_MINUTES))
  }
}

/** Where the case is, for market amounts and the states a fee may not be passed on in. */
export type CasePlace = { market: string | null; state: string | null }

/** One line priced by its row: the market's amount if any, times the quantity, kept within min and max. */
export function priceLine(row: RateRow, usage: Usage, place: CasePlace): PricedLine {
  const unitCents = marketAmount(row, place.market) ?? row.amountCents
  const quantity = billedQuantity(row, usage)
  let amountCents = unitCents * quantity
  // Min and max bound a charge; nothing used stays nothing.
  if (amountCents > 0 && row.minCents !== null) amountCents = Math.max(amountCents, row.minCents)
  if (row.maxCents !== null) amountCents = Math.min(amountCents, row.maxCents)
  return {
    feeType: row.feeType,
    quantity,
    unitCents,
    amountCents,
    needsApproval: row.needsApproval,
    debtorBillable: passesOn(row, place.state),
    unpriced: false,
    needsUsage: usageMissing(row.basis, usage),
  }
}

/** Whether a rate by the day, mile or block has no figure to bill by. */
const usageMissing = (basis: RateBasis, usage: Usage) =>
  (basis === 'per_day' && usage.days === undefined) ||
  (basis === 'per_mile' && usage.miles === undefined) ||
  (basis === 'per_block' && usage.minutes === undefined)

/** Whether a row's fee may be passed on to the debtor in that state. */
const passesOn = (row: RateRow, state: string | null) =>
  row.billableToDebtor && !row.noPassOnStates.includes(state?.trim().toUpperCase() ?? '')

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Storage from its start (the repossession) to its stop (release, transport, redemption) or now:
 * each started day counts, the free days are not billed, and the total stops at the cap.
 */
export function storageCharge(rule: StorageRule, startAt: Date, stopAt: Date) {
  const days = Math.max(0, Math.ceil((stopAt.getTime() - startAt.getTime()) / DAY_MS))
  const billableDays = Math.max(0, days - rule.freeDays)
  const uncapped = billableDays * rule.dailyCents
  return { days, billableDays, amountCents: rule.capCents === null ? uncapped : Math.min(uncapped, rule.capCents) }
}

/** The recovery fee a case's repossession type bills ('Voluntary', 'Impound', 'LPR', 'Skip'; else involuntary). */
export function recoveryFeeType(repoType: string | null): string {
  const type = (repoType ?? '').toLowerCase()
  if (type.includes('vol') && !type.includes('invol')) return 'VOLUNTARY_REPO'
  if (type.includes('impound')) return 'IMPOUND_REPO'
  if (type.includes('lpr')) return 'LPR_REPO'
  if (type.includes('skip')) return 'SKIP_REPO'
  return 'INVOLUNTARY_REPO'
}

export type CaseToPrice = CasePlace & {
  orderType: string | null
  /** The fees the case bills besides storage: its recovery fee, its fee requests. */
  fees: readonly { feeType: string; usage?: Usage }[]
  /** Storage accrues from here to `storageStopAt`; none before a repossession. */
  repossessedAt: Date | null
  storageStopAt: Date
}

/**
 * The invoice a case would get from this version, line by line: each fee by its row (unpriced
 * when the card has none), then storage; with the total and whether any line needs approval first.
 */
export function priceCase(version: RateCardVersion, facts: CaseToPrice) {
  const lines: PricedLine[] = facts.fees.map(({ feeType, usage = {} }) => {
    const row = rateRowFor(version.rows, feeType, facts.orderType)
    return row
      ? priceLine(row, usage, facts)
      : {
          feeType,
          quantity: 0,
          unitCents: 0,
          amountCents: 0,
          needsApproval: false,
          debtorBillable: false,
          unpriced: true,
          needsUsage: false,
        }
  })
  if (version.storage && facts.repossessedAt) {
    const storage = storageCharge(version.storage, facts.repossessedAt, facts.storageStopAt)
    const row = rateRowFor(version.rows, 'STORAGE', facts.orderType)
    lines.push({
      feeType: 'STORAGE',
      quantity: storage.billableDays,
      unitCents: version.storage.dailyCents,
      amountCents: storage.amountCents,
      needsApproval: row?.needsApproval ?? false,
      debtorBillable: row ? passesOn(row, facts.state) : true,
      unpriced: false,
      needsUsage: false,
    })
  }
  return {
    version: version.version,
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    needsApproval: lines.some((line) => line.needsApproval),
  }
}

export type RateProblem = { field: string; reason: string }

/** What is wrong with a rate row, each with its field; none for a good row. */
export function rateRowProblems(row: RateRow): RateProblem[] {
  const problems: RateProblem[] = []
  if (!findFeeType(row.feeType)) problems.push({ field: 'feeType', reason: `Unknown fee type '${row.feeType}'` })
  if (!RATE_BASES.includes(row.basis)) problems.push({ field: 'basis', reason: `Unknown basis '${row.basis}'` })
  const cents: [string, number | null][] = [
    ['amountCents', row.amountCents],
    ['minCents', row.minCents],
    ['maxCents', row.maxCents],
    ...Object.entries(row.marketAmounts).map(([market, amount]): [string, number] => [
      `marketAmounts.${market}`,
      amount,
    ]),
  ]
  for (const [field, value] of cents) {
    if (value !== null && !isCents(value)) {
      problems.push({ field, reason: 'Must be a whole, non-negative number of cents' })
    }
  }
  if (row.minCents !== null && row.maxCents !== null && row.minCents > row.maxCents) {
    problems.push({ field: 'minCents', reason: 'The minimum is above the maximum' })
  }
  if (!Number.isInteger(row.includedMiles) || row.includedMiles < 0) {
    problems.push({ field: 'includedMiles', reason: 'Must be a whole, non-negative number of miles' })
  }
  if (row.daysToInvoice !== null && (!Number.isInteger(row.daysToInvoice) || row.daysToInvoice < 1)) {
    problems.push({ field: 'daysToInvoice', reason: 'Must be a whole number of days, at least 1' })
  }
  for (const state of row.noPassOnStates) {
    if (!/^[A-Z]{2}$/.test(state)) problems.push({ field: 'noPassOnStates', reason: `'${state}' is not a state code` })
  }
  return problems
}

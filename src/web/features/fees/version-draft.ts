import { parseDollars } from '../../../domain/billing/money'
import type { RateBasis, RateRow } from '../../../domain/billing/pricing'
import { marketAmountsText, readMarketAmounts, sheetDollars } from '../../../domain/billing/rate-sheet'
import type { VersionInput } from './api'

// The New version form's drafts: what a person types, and the version the API takes from it.

/** A rate row as typed: amounts in dollars, states comma-separated. */
export type RowDraft = {
  feeType: string
  orderType: string
  basis: RateBasis
  amount: string
  includedMiles: string
  min: string
  max: string
  needsApproval: boolean
  billableToDebtor: boolean
  noPassOnStates: string
  /** 'Mobile=400.00; Birmingham=375.00'. */
  marketAmounts: string
  daysToInvoice: string
}

export const EMPTY_ROW: RowDraft = {
  feeType: 'INVOLUNTARY_REPO',
  orderType: '',
  basis: 'flat',
  amount: '',
  includedMiles: '0',
  min: '',
  max: '',
  needsApproval: false,
  billableToDebtor: true,
  noPassOnStates: '',
  marketAmounts: '',
  daysToInvoice: '',
}

/** Rates (the newest version's, or a sheet's) as the form's rows. */
export function draftRows(rates: readonly RateRow[]): RowDraft[] {
  if (rates.length === 0) return [{ ...EMPTY_ROW }]
  return rates.map((row) => ({
    feeType: row.feeType,
    orderType: row.orderType ?? '',
    basis: row.basis,
    amount: sheetDollars(row.amountCents),
    includedMiles: String(row.includedMiles),
    min: sheetDollars(row.minCents),
    max: sheetDollars(row.maxCents),
    needsApproval: row.needsApproval,
    billableToDebtor: row.billableToDebtor,
    noPassOnStates: row.noPassOnStates.join(', '),
    marketAmounts: marketAmountsText(row.marketAmounts),
    daysToInvoice: row.daysToInvoice === null ? '' : String(row.daysToInvoice),
  }))
}

export class DraftError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

/** Dollars typed into cents, or a message naming the field. */
function cents(text: string, field: string, optional: boolean): number | null {
  if (optional && text.trim() === '') return null
  const value = parseDollars(text)
  if (value === null) throw new DraftError(field, 'Enter an amount in dollars and cents, like 350.00.')
  return value
}

function marketAmounts(text: string, index: number) {
  const amounts = readMarketAmounts(text)
  if (!amounts)
    throw new DraftError(
      `rows.${index}.marketAmounts`,
      'Write each market and amount like Mobile=400.00; Birmingham=375.00.',
    )
  return amounts
}

/** A whole number typed into a field, or a message naming it; blank is null. */
function wholeNumber(text: string, field: string, label: string): number | null {
  if (text.trim() === '') return null
  if (!/^\d+$/.test(text.trim())) throw new DraftError(field, `${label} must be a whole number.`)
  return Number(text.trim())
}

export function toInput(draft: {
  from: string
  to: string
  freeDays: string
  daily: string
  cap: string
  rows: RowDraft[]
}) {
  if (draft.daily.trim() === '' && (draft.freeDays.trim() !== '' || draft.cap.trim() !== '')) {
    throw new DraftError('storage.dailyCents', 'Enter the daily rate, or clear free days and the cap for no storage.')
  }
  const storage =
    draft.daily.trim() === ''
      ? null
      : {
          freeDays: wholeNumber(draft.freeDays, 'storage.freeDays', 'Free days') ?? 0,
          dailyCents: cents(draft.daily, 'storage.dailyCents', false) as number,
          capCents: cents(draft.cap, 'storage.capCents', true),
        }
  const input: VersionInput = {
    effectiveFrom: draft.from,
    effectiveTo: draft.to || null,
    storage,
    rows: draft.rows.map((row, index) => ({
      feeType: row.feeType,
      orderType: row.orderType || null,
      basis: row.basis,
      amountCents: cents(row.amount, `rows.${index}.amountCents`, false) as number,
      // Shown (and read) for a per-mile rate only.
      includedMiles:
        row.basis === 'per_mile'
          ? (wholeNumber(row.includedMiles, `rows.${index}.includedMiles`, 'Included miles') ?? 0)
          : 0,
      minCents: cents(row.min, `rows.${index}.minCents`, true),
      maxCents: cents(row.max, `rows.${index}.maxCents`, true),
      needsApproval: row.needsApproval,
      billableToDebtor: row.billableToDebtor,
      noPassOnStates: row.noPassOnStates
        .split(',')
        .map((state) => state.trim())
        .filter(Boolean),
      marketAmounts: marketAmounts(row.marketAmounts, index),
      daysToInvoice: wholeNumber(row.daysToInvoice, `rows.${index}.daysToInvoice`, 'Days to invoice'),
    })),
  }
  return input
}

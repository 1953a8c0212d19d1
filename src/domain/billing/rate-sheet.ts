import { parsePastedText } from '../import/parse'
import { FEE_TYPES, findFeeType } from './fee-catalog'
import { formatCents, parseDollars } from './money'
import { RATE_BASES, type RateBasis, type RateRow } from './pricing'

// A rate card version as a spreadsheet: exported with these columns, and read back from a CSV or
// tab-separated file with the same ones (any order, any case), so a card can be edited outside.

export const RATE_SHEET_HEADERS = [
  'Fee',
  'Order Type',
  'Basis',
  'Amount',
  'Included Miles',
  'Minimum',
  'Maximum',
  'Needs Approval',
  'Billable To Debtor',
  'Not Passed On In',
  'Days To Invoice',
  'Market Amounts',
] as const

export const BASIS_LABELS: Record<RateBasis, string> = {
  flat: 'Flat',
  per_day: 'Per day',
  per_mile: 'Per mile',
  per_block: 'Per 15 minutes',
}

/** Dollars as the sheet writes them, without the sign ('1,234.50'): text, never a float. */
export const sheetDollars = (cents: number | null) => (cents === null ? '' : formatCents(cents).replace(/^\$/, ''))

/** One rate row as the sheet's cells, in RATE_SHEET_HEADERS' order. */
export function rateSheetCells(row: RateRow): string[] {
  return [
    FEE_TYPES.find((type) => type.code === row.feeType)?.name ?? row.feeType,
    row.orderType ?? '',
    BASIS_LABELS[row.basis],
    sheetDollars(row.amountCents),
    String(row.includedMiles),
    sheetDollars(row.minCents),
    sheetDollars(row.maxCents),
    row.needsApproval ? 'Yes' : 'No',
    row.billableToDebtor ? 'Yes' : 'No',
    row.noPassOnStates.join(', '),
    row.daysToInvoice === null ? '' : String(row.daysToInvoice),
    marketAmountsText(row.marketAmounts),
  ]
}

/** Market amounts as one cell: 'Mobile=400.00; Birmingham=375.00'. */
export const marketAmountsText = (amounts: Readonly<Record<string, number>>) =>
  Object.entries(amounts)
    .map(([market, cents]) => `${market}=${sheetDollars(cents)}`)
    .join('; ')

/** That cell read back, or null when a part is not 'Market=dollars'. */
export function readMarketAmounts(text: string): Record<string, number> | null {
  const amounts: Record<string, number> = {}
  for (const part of text
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^([^=]+)=(.+)$/.exec(part)
    const cents = match ? parseDollars(match[2]) : null
    if (!match || cents === null || !match[1].trim()) return null
    amounts[match[1].trim()] = cents
  }
  return amounts
}

const key = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

const BASIS_BY_KEY = new Map<string, RateBasis>([
  ...RATE_BASES.map((basis): [string, RateBasis] => [key(basis), basis]),
  ...RATE_BASES.map((basis): [string, RateBasis] => [key(BASIS_LABELS[basis]), basis]),
  ['per block', 'per_block'],
  ['per 15 min', 'per_block'],
])

const YES = new Set(['yes', 'y', 'true', '1'])
const NO = new Set(['no', 'n', 'false', '0', ''])

export type SheetProblem = { line: number; message: string }

/**
 * The rates of a sheet, each checked as the form checks it; a line that cannot be read is
 * reported with its line number and reason, never dropped in silence.
 */
export function readRateSheet(text: string): { rates: RateRow[]; problems: SheetProblem[] } {
  const { header, records } = parsePastedText(text)
  const column = new Map(header.map((cell, index) => [key(cell), index]))
  const missing = ['Fee', 'Basis', 'Amount'].filter((name) => !column.has(key(name)))
  if (missing.length) {
    return { rates: [], problems: [{ line: 1, message: `The header has no ${missing.join(', ')} column.` }] }
  }
  const rates: RateRow[] = []
  const problems: SheetProblem[] = []
  for (const { line, cells } of records) {
    const cell = (name: (typeof RATE_SHEET_HEADERS)[number]) => {
      const index = column.get(key(name))
      return index === undefined ? '' : (cells[index] ?? '').trim()
    }
    const fail = (message: string) => problems.push({ line, message })
    const fee = findFeeType(cell('Fee'))
    if (!fee) {
      fail(`Unknown fee type '${cell('Fee')}'.`)
      continue
    }
    const basis = BASIS_BY_KEY.get(key(cell('Basis')))
    if (!basis) {
      fail(`Unknown basis '${cell('Basis')}': use Flat, Per day, Per mile or Per 15 minutes.`)
      continue
    }
    const amounts = { Amount: cell('Amount'), Minimum: cell('Minimum'), Maximum: cell('Maximum') }
    const cents = Object.fromEntries(
      Object.entries(amounts).map(([name, value]) => [name, value === '' ? null : parseDollars(value)]),
    )
    const badAmount = Object.entries(amounts).find(
      ([name, value]) => (value !== '' || name === 'Amount') && cents[name] === null,
    )
    if (badAmount) {
      fail(`${badAmount[0]} '${badAmount[1]}' is not an amount in dollars and cents.`)
      continue
    }
    const flags = { 'Needs Approval': cell('Needs Approval'), 'Billable To Debtor': cell('Billable To Debtor') }
    const badFlag = Object.entries(flags).find(([, value]) => !YES.has(key(value)) && !NO.has(key(value)))
    if (badFlag) {
      fail(`${badFlag[0]} '${badFlag[1]}' is neither Yes nor No.`)
      continue
    }
    const miles = cell('Included Miles')
    const days = cell('Days To Invoice')
    if ((miles && !/^\d+$/.test(miles)) || (days && !/^\d+$/.test(days))) {
      fail('Included miles and days to invoice are whole numbers.')
      continue
    }
    const marketAmounts = readMarketAmounts(cell('Market Amounts'))
    if (marketAmounts === null) {
      fail(`Market amounts '${cell('Market Amounts')}' are not like 'Mobile=400.00; Birmingham=375.00'.`)
      continue
    }
    rates.push({
      feeType: fee.code,
      orderType: cell('Order Type') || null,
      basis,
      amountCents: cents.Amount as number,
      includedMiles: miles ? Number(miles) : 0,
      minCents: cents.Minimum,
      maxCents: cents.Maximum,
      needsApproval: YES.has(key(flags['Needs Approval'])),
      // Blank means the usual: billable.
      billableToDebtor: flags['Billable To Debtor'] === '' || YES.has(key(flags['Billable To Debtor'])),
      noPassOnStates: cell('Not Passed On In')
        .split(/[,\s]+/)
        .map((state) => state.toUpperCase())
        .filter(Boolean),
      daysToInvoice: days ? Number(days) : null,
      marketAmounts,
    })
  }
  return { rates, problems }
}

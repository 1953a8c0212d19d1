import { pastedHeader } from './parse'

/** SPEC.md section 5: the header spellings that name the case/order number and the VIN columns. */
export const CASE_NUMBER_HEADERS = ['Case Number', 'Case#', 'CaseNumber', 'Case ID', 'Order Number', 'Account Number']
export const VIN_HEADERS = ['VIN', 'Vin', 'Vehicle Identification Number']

export const READINESS_REASONS = {
  empty: 'No CSV data entered',
  noCaseColumn: 'Missing case/order number column (Case Number, Case#, Order Number, etc.)',
  noVinColumn: 'Missing VIN column',
} as const

/** Said beside the button when the paste is comma-separated, which the import reads at its commas. */
export const COMMA_SEPARATED_NOTE = 'Comma-separated data: the columns are read at the commas.'

/** Header cells compared in one spelling: trimmed, lower case, quotes dropped. */
export const headerKey = (cell: string) => cell.trim().replace(/^"|"$/g, '').trim().toLowerCase()

const CASE_KEYS = new Set(CASE_NUMBER_HEADERS.map(headerKey))
const VIN_KEYS = new Set(VIN_HEADERS.map(headerKey))

/**
 * Whether 'Import Data' may be pressed, and if not, why (SPEC.md section 5's three reasons). The
 * header is read as the server reads it (parse.ts), commas included, so the button and the
 * server agree.
 */
export function importReadiness(text: string): { ready: true } | { ready: false; reason: string } {
  if (!text.trim()) return { ready: false, reason: READINESS_REASONS.empty }
  const keys = pastedHeader(text).header.map(headerKey)
  if (!keys.some((key) => CASE_KEYS.has(key))) return { ready: false, reason: READINESS_REASONS.noCaseColumn }
  if (!keys.some((key) => VIN_KEYS.has(key))) return { ready: false, reason: READINESS_REASONS.noVinColumn }
  return { ready: true }
}

/** The import's columns (SPEC.md section 5) and the header spellings each is known by. */
export const IMPORT_COLUMNS = {
  caseNumber: CASE_NUMBER_HEADERS,
  clientName: ['Client Name', 'Client'],
  lienholderName: ['Lienholder Name', 'Lienholder'],
  borrowerName: ['Last Name, First Name', 'Last Name/First Name', 'Borrower Name', 'Debtor Name', 'Name'],
  vin: VIN_HEADERS,
  make: ['Make'],
  model: ['Model'],
  year: ['Year'],
  orderDate: ['Order Date'],
  closeDate: ['Close Date'],
  repoDate: ['Repo Date'],
  status: ['Status'],
  subStatus: ['Sub-Status', 'Sub Status', 'SubStatus', 'Substatus'],
  address: ['Address', 'Home Address'],
  city: ['City'],
  state: ['State'],
  zip: ['Home Zip', 'Zip', 'ZIP Code'],
  phone: ['Home Phone', 'Phone'],
  workAddress: ["Borrower's Work Addresses", "Borrower's Work Address", 'Work Address'],
  recoveryAddress: ['Recovery Address'],
  recoveryCity: ['Recovery City'],
  recoveryState: ['Recovery State'],
  recoveryZip: ['Recovery Zip'],
  repoType: ['Repo Type'],
  recoveryTime: ['Recovery Time'],
  keys: ['Keys'],
  // Issue 44: why the lender put the case on hold, kept with its status (orders.hold_reason).
  holdReason: ['Hold reason', 'Hold Reason'],
} as const satisfies Record<string, readonly string[]>

export type ImportColumn = keyof typeof IMPORT_COLUMNS

/** Which cell of a row holds each column, from the header row; absent columns are left out. */
export function columnIndexes(header: string[]): Partial<Record<ImportColumn, number>> {
  const keys = header.map(headerKey)
  const indexes: Partial<Record<ImportColumn, number>> = {}
  for (const [column, spellings] of Object.entries(IMPORT_COLUMNS) as [ImportColumn, readonly string[]][]) {
    const index = keys.findIndex((key) => spellings.some((spelling) => headerKey(spelling) === key))
    if (index >= 0) indexes[column] = index
  }
  return indexes
}

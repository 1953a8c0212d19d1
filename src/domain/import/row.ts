import {
  fallbackOrderNumber,
  IMPORT_PRIORITY,
  importDate,
  importStatus,
  keysObtained,
  parseWorkAddress,
  splitBorrowerName,
} from './fields'
import type { ImportColumn } from './headers'
import type { PastedRecord } from './parse'
import { randomizeBorrowerName } from './randomizer'
import { subStatusItems } from './sub-status'

export type RequiredField = 'VIN' | 'Make' | 'Model' | 'Order Date'

/**
 * The order columns one pasted row fills. The company, client and market start empty and are set
 * in place when resolved: one object of one shape per row, never copied (copies of 40-key objects were a
 * third of the import's time).
 */
export type ImportedOrderFields = {
  company_id: string | null
  client_id: string | null
  detected_market: string | null
  market_confidence: number | null
  market_detection_method: string | null
  case_number: string | null
  order_number: string
  status: string
  /** Why the case is on hold (issue 44): the hold's record keeps it. */
  hold_reason: string | null
  priority: string
  make: string | null
  model: string | null
  year: number | null
  vin: string | null
  borrower_name: string | null
  borrower_first_name: string | null
  borrower_last_name: string | null
  borrower_phone: string | null
  borrower_address: string | null
  borrower_city: string | null
  borrower_state: string | null
  borrower_zip: string | null
  borrower_work_address: string | null
  borrower_work_city: string | null
  borrower_work_state: string | null
  borrower_work_zip: string | null
  last_known_address: string | null
  last_known_city: string | null
  last_known_state: string | null
  last_known_zip: string | null
  recovery_location: string | null
  recovery_city: string | null
  recovery_state: string | null
  recovery_zip: string | null
  recovery_date: string | null
  recovery_time: string | null
  repo_type: string | null
  keys_obtained: boolean
  lienholder_name: string | null
  order_date: string | null
  close_date: string | null
}

export type ImportRow = {
  line: number
  caseNumber: string
  clientName: string
  lienholder: string | null
  /** Required cells left blank, in SPEC.md's order. */
  missing: RequiredField[]
  /** Why the row cannot be read at all (a date that does not exist, a year that is not one). */
  unreadable: string | null
  order: ImportedOrderFields
  subStatuses: string[]
}

const text = (value: string | undefined) => {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

/** A record's case number as its row will read it ('' when blank). */
export function readCaseNumber(record: PastedRecord, columns: Partial<Record<ImportColumn, number>>): string {
  const index = columns.caseNumber
  return (index === undefined ? null : text(record.cells[index])) ?? ''
}

/** One pasted record read into an order by SPEC.md section 5's column rules. */
export function readImportRow(
  record: PastedRecord,
  columns: Partial<Record<ImportColumn, number>>,
  options: { randomizeNames: boolean; now: number },
): ImportRow {
  const cell = (column: ImportColumn) => {
    const index = columns[column]
    return index === undefined ? undefined : record.cells[index]
  }
  const problems: string[] = []
  const date = (column: ImportColumn, label: string) => {
    const value = importDate(cell(column))
    if (value === 'invalid') {
      problems.push(`Invalid ${label} "${cell(column)?.trim()}"`)
      return null
    }
    return value
  }
  const caseNumber = text(cell('caseNumber'))
  const rawName = text(cell('borrowerName'))
  const name = splitBorrowerName(
    rawName && options.randomizeNames ? randomizeBorrowerName(rawName) : (rawName ?? undefined),
  )
  const work = parseWorkAddress(cell('workAddress'))
  const yearText = text(cell('year'))
  const year =
    yearText && /^\d{4}$/.test(yearText) && Number(yearText) >= 1900 && Number(yearText) <= 2100
      ? Number(yearText)
      : null
  if (yearText && year === null) problems.push(`Invalid Year "${yearText}"`)
  const home = {
    address: text(cell('address')),
    city: text(cell('city')),
    state: text(cell('state'))?.toUpperCase() ?? null,
    zip: text(cell('zip')),
  }
  const order: ImportedOrderFields = {
    company_id: null,
    client_id: null,
    detected_market: null,
    market_confidence: null,
    market_detection_method: null,
    case_number: caseNumber,
    order_number: caseNumber ?? fallbackOrderNumber(options.now),
    status: importStatus(cell('status')),
    hold_reason: text(cell('holdReason')),
    priority: IMPORT_PRIORITY,
    make: text(cell('make')),
    model: text(cell('model')),
    year,
    vin: text(cell('vin'))?.toUpperCase() ?? null,
    borrower_name: name.full,
    borrower_first_name: name.first,
    borrower_last_name: name.last,
    borrower_phone: text(cell('phone')),
    borrower_address: home.address,
    borrower_city: home.city,
    borrower_state: home.state,
    borrower_zip: home.zip,
    borrower_work_address: work.address,
    borrower_work_city: work.city,
    borrower_work_state: work.state,
    borrower_work_zip: work.zip,
    last_known_address: home.address,
    last_known_city: home.city,
    last_known_state: home.state,
    last_known_zip: home.zip,
    recovery_location: text(cell('recoveryAddress')),
    recovery_city: text(cell('recoveryCity')),
    recovery_state: text(cell('recoveryState'))?.toUpperCase() ?? null,
    recovery_zip: text(cell('recoveryZip')),
    recovery_date: date('repoDate', 'Repo Date'),
    recovery_time: text(cell('recoveryTime')),
    repo_type: text(cell('repoType')),
    keys_obtained: keysObtained(cell('keys')),
    lienholder_name: text(cell('lienholderName')),
    order_date: date('orderDate', 'Order Date'),
    close_date: date('closeDate', 'Close Date'),
  }
  const required: [RequiredField, string | null][] = [
    ['VIN', order.vin],
    ['Make', order.make],
    ['Model', order.model],
    ['Order Date', text(cell('orderDate'))],
  ]
  return {
    line: record.line,
    caseNumber: caseNumber ?? '',
    clientName: text(cell('clientName')) ?? '',
    lienholder: order.lienholder_name,
    missing: required.filter(([, value]) => !value).map(([field]) => field),
    unreadable: problems.length ? problems.join('; ') : null,
    order,
    subStatuses: subStatusItems(cell('subStatus')),
  }
}

import { escapeFormula } from '../formats/csv'

/** What a column of an export holds, which decides how each format writes it. */
export type ExportColumnType = 'text' | 'number' | 'date' | 'timestamp' | 'boolean'

/** A value as the database or a derived view gives it: a day is 'yyyy-mm-dd' text, a timestamp a Date. */
export type ExportValue = string | number | boolean | Date | null | undefined

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

const DAY = /^\d{4}-\d{2}-\d{2}/

function asDate(value: Exclude<ExportValue, null | undefined>): Date | null {
  const date = value instanceof Date ? value : new Date(String(value))
  return Number.isNaN(date.getTime()) ? null : date
}

/** A calendar day as 'yyyy-mm-dd': the text of a `date` column as it is, a Date by its UTC day. */
function dayText(value: Exclude<ExportValue, null | undefined>): string | null {
  if (typeof value === 'string' && DAY.test(value)) return value.slice(0, 10)
  return asDate(value)?.toISOString().slice(0, 10) ?? null
}

/**
 * A value as CSV text before quoting: a day as ISO yyyy-mm-dd, a timestamp as an ISO instant (UTC),
 * a boolean as TRUE or FALSE (what spreadsheets read as one), text escaped by `escapeFormula`.
 */
export function csvValue(type: ExportColumnType, value: ExportValue): string | number | null {
  if (value === null || value === undefined || value === '') return null
  switch (type) {
    case 'number': {
      const number = Number(value)
      return Number.isFinite(number) ? number : escapeFormula(String(value))
    }
    case 'date':
      return dayText(value)
    case 'timestamp':
      return asDate(value)?.toISOString() ?? null
    case 'boolean':
      return value === true || value === 'true' ? 'TRUE' : 'FALSE'
    default:
      return escapeFormula(String(value))
  }
}

/**
 * A value as an XLSX cell: a day or timestamp as a real date (a day at UTC midnight, so the
 * spreadsheet shows that very day), a number as a number, a boolean as one, text escaped by
 * `escapeFormula`.
 */
export function xlsxValue(type: ExportColumnType, value: ExportValue): string | number | boolean | Date | null {
  if (value === null || value === undefined || value === '') return null
  switch (type) {
    case 'number': {
      const number = Number(value)
      return Number.isFinite(number) ? number : escapeFormula(String(value))
    }
    case 'date': {
      const day = dayText(value)
      return day ? new Date(`${day}T00:00:00Z`) : null
    }
    case 'timestamp':
      return asDate(value)
    case 'boolean':
      return value === true || value === 'true'
    default:
      return escapeFormula(String(value))
  }
}

/** The spreadsheet number format of a date or timestamp column. */
export const XLSX_DATE_FORMATS: Partial<Record<ExportColumnType, string>> = {
  date: 'yyyy-mm-dd',
  timestamp: 'yyyy-mm-dd hh:mm:ss',
}

/** The download's name: the list and the day, e.g. 'cases-2026-11-23.csv'. */
export function exportFileName(list: string, format: ExportFormat, day: string): string {
  return `${list}-${day}.${format}`
}

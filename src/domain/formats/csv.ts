/** A cell a spreadsheet would run as a formula (ARCHITECTURE.md security baseline). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * Exported spreadsheet text that begins with = + - @, tab or CR gets a leading apostrophe, so a
 * spreadsheet shows it as text instead of running it. The one rule for CSV and XLSX exports.
 */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

/** Quotes a CSV field holding a comma, quote or line break, its quotes doubled (RFC 4180). */
export function quoteCsvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * One cell of an exported CSV: text is escaped by `escapeFormula` and quoted when it must be; a
 * number is written as it is (a negative number is not a formula).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  return quoteCsvField(escapeFormula(value))
}

/** The byte-order mark without which Excel reads UTF-8 as another code page. */
export const CSV_BOM = '\uFEFF'

/** One CSV line with its CRLF end (RFC 4180). */
export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/** A CSV file's text: CRLF line ends and a byte-order mark. */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return `${CSV_BOM}${rows.map(csvLine).join('')}`
}

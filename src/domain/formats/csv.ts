/** A cell a spreadsheet would run as a formula (ARCHITECTURE.md security baseline). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One cell of an exported CSV: a cell beginning with = + - @, tab or CR gets a leading apostrophe so a
 * spreadsheet shows it as text instead of running it; a cell holding a comma, quote or line break
 * is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value)
  const safe = FORMULA_START.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/**
 * A CSV file's text: CRLF line ends (RFC 4180) and a byte-order mark, without which Excel reads
 * UTF-8 as another code page.
 */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}

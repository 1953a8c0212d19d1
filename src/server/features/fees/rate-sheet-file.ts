import type ExcelJSModule from 'exceljs'
import { badRequest } from '../../http/app-error'
import { lazyRequire } from '../../lib/lazy-require'

const excel = lazyRequire<typeof ExcelJSModule>('exceljs')

/** An uploaded rate sheet workbook: at most this many bytes. */
export const RATE_SHEET_MAX_BYTES = 2 * 1024 * 1024

/** One cell as the sheet reader reads text: numbers as written, dates as days, formulas by their result. */
function cellText(cell: ExcelJSModule.Cell): string {
  return valueText(cell.value, cell.text)
}

/** A number as a person would have typed it: 82.50000000000001 (a formula's float) is 82.5. */
const numberText = (value: number) => String(Number(value.toFixed(6)))

function valueText(value: ExcelJSModule.CellValue, text: string): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return numberText(value)
  if (typeof value === 'boolean') return String(value)
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object' && 'error' in value) return String(value.error)
  if (typeof value === 'object' && 'result' in value) {
    const result = value.result
    if (result === undefined || result === null) return ''
    if (typeof result === 'object' && 'error' in result) return String(result.error)
    return typeof result === 'number'
      ? numberText(result)
      : result instanceof Date
        ? result.toISOString().slice(0, 10)
        : String(result)
  }
  return text
}

/**
 * The first worksheet of an .xlsx rate sheet as tab-separated text, for the one sheet reader the
 * CSV import uses (domain/billing/rate-sheet.ts): an Excel import reads exactly as a CSV one does.
 */
export async function xlsxToSheetText(bytes: Uint8Array): Promise<string> {
  const workbook = new (excel().Workbook)()
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer)
  } catch {
    throw badRequest('This is not an Excel workbook (.xlsx).', 'file')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw badRequest('The workbook has no sheet.', 'file')
  const lines: string[] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = []
    for (let column = 1; column <= row.cellCount; column++) {
      cells.push(cellText(row.getCell(column)).replace(/[\t\r\n]+/g, ' '))
    }
    lines.push(cells.join('\t'))
  })
  return lines.join('\n')
}

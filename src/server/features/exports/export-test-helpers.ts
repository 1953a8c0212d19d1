import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import type { TestApp } from '../../test/harness'

/** Downloads an export as a browser would, keeping the body as bytes (an XLSX is binary). */
export async function download(t: TestApp, path: string, cookie: string) {
  const response = await t.app.fetch(
    new Request(`http://localhost:3000${path}`, {
      headers: { cookie, origin: t.config.baseUrl, 'x-forwarded-for': '10.0.0.9' },
    }),
  )
  const bytes = Buffer.from(await response.arrayBuffer())
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') }
}

/** A downloaded CSV's rows (its byte-order mark checked and dropped). */
export function csvRows(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('CSV without a byte-order mark')
  const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true })
  return parsed.data
}

/** A downloaded XLSX's first sheet, each row's cell values (1-based columns dropped to 0-based). */
export async function xlsxRows(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  const rows: { values: unknown[]; formats: (string | undefined)[] }[] = []
  sheet.eachRow((row) => {
    const values: unknown[] = []
    const formats: (string | undefined)[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cell.value
      formats[column - 1] = cell.numFmt
    })
    rows.push({ values, formats })
  })
  return { name: sheet.name, rows }
}

export async function auditRows(t: TestApp, actorUserId: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'target', 'detail', 'company_id'])
    .where('action', '=', 'list.exported')
    .where('actor_user_id', '=', actorUserId)
    .orderBy('created_at')
    .execute()
}

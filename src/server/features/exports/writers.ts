import { PassThrough } from 'node:stream'
import type ExcelJSModule from 'exceljs'
import { csvValue, type ExportFormat, XLSX_DATE_FORMATS, xlsxValue } from '../../../domain/exports/cells'
import { CSV_BOM, csvCell, csvLine } from '../../../domain/formats/csv'
import { lazyRequire } from '../../lib/lazy-require'
import type { ExportColumn } from './list-definition'

// Loaded at the first XLSX export, not at start (lib/lazy-require.ts).
const excel = lazyRequire<typeof ExcelJSModule>('exceljs')

/** Bytes the response may hold before the writer waits for the client to take them. */
const OUTPUT_HIGH_WATER = 256 * 1024
/** Bytes of sheet XML the zip may have waiting to compress before the writer waits. */
const ZIP_PENDING_LIMIT = 1024 * 1024

/** The client went away: the export stops reading the database. */
export class ExportAborted extends Error {}

/**
 * The response body and the end the export writes to. The body is pulled by the HTTP server only
 * as fast as the client reads (@hono/node-server waits for 'drain'); a write waits while the
 * output is full, and a closed connection cancels the body, which ends the output.
 */
export function createExportOutput() {
  const out = new PassThrough({ highWaterMark: OUTPUT_HIGH_WATER })
  const chunks = out[Symbol.asyncIterator]()
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next()
          if (next.done) controller.close()
          else controller.enqueue(new Uint8Array(next.value as Buffer))
        } catch (error) {
          controller.error(error)
        }
      },
      async cancel() {
        out.destroy()
      },
    },
    { highWaterMark: 0 },
  )
  return { out, body }
}

/** The output drained or closed, whichever comes first (both listeners removed after). */
function drainedOrClosed(out: PassThrough) {
  return new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done)
      out.off('close', done)
      resolve()
    }
    out.on('drain', done)
    out.on('close', done)
  })
}

/** Waits until the output has room (or is gone: then ExportAborted). */
async function waitForRoom(out: PassThrough, pending: () => number = () => 0) {
  while (!out.destroyed && (out.writableNeedDrain || out.readableLength > OUTPUT_HIGH_WATER || pending() > 0)) {
    if (out.writableNeedDrain) await drainedOrClosed(out)
    else await new Promise((resolve) => setTimeout(resolve, 2))
  }
  if (out.destroyed) throw new ExportAborted('The client closed the connection.')
}

export type ExportWriter<Row> = {
  writeBatch: (rows: Row[]) => Promise<void>
  finish: () => Promise<void>
  abort: () => void
}

/** CSV: a byte-order mark (Excel then reads UTF-8), a header line, then each batch as one write. */
export function csvWriter<Row>(out: PassThrough, columns: ExportColumn<Row>[]): ExportWriter<Row> {
  let started = false
  const write = async (text: string) => {
    if (out.destroyed) throw new ExportAborted('The client closed the connection.')
    if (!out.write(text)) await waitForRoom(out)
  }
  const start = async () => {
    if (started) return
    started = true
    await write(`${CSV_BOM}${csvLine(columns.map((column) => column.header))}`)
  }
  return {
    async writeBatch(rows) {
      await start()
      let text = ''
      for (const row of rows) {
        for (let index = 0; index < columns.length; index++) {
          const column = columns[index]
          text += `${index ? ',' : ''}${csvCell(csvValue(column.type, column.value(row)))}`
        }
        text += '\r\n'
      }
      await write(text)
    },
    async finish() {
      await start()
      out.end()
    },
    abort() {
      out.destroy()
    },
  }
}

type BufferedStream = { _writableState?: { length?: number }; _readableState?: { length?: number } }
type SheetInternals = { stream?: { pipes?: BufferedStream[] } }

/**
 * XLSX through exceljs's streaming writer: inline strings (no shared-string table growing with
 * the rows), each row committed as written, dates as real dates with a date format. The zip it
 * writes is piped to the output; after each batch the writer also waits while the sheet's XML
 * waits to be compressed, so a slow client holds back the database, not memory.
 */
export function xlsxWriter<Row>(out: PassThrough, columns: ExportColumn<Row>[], title: string): ExportWriter<Row> {
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((column) => {
    const numFmt = XLSX_DATE_FORMATS[column.type]
    return {
      key: column.header,
      width: column.width ?? (column.type === 'timestamp' ? 20 : column.type === 'date' ? 12 : 16),
      ...(numFmt ? { style: { numFmt } } : {}),
    }
  })
  const header = sheet.addRow(columns.map((column) => column.header))
  header.font = { bold: true }
  header.commit()
  // exceljs writes the sheet's XML into a stream it pipes, ignoring backpressure, into the zip's
  // input (a readable-stream v2 PassThrough, so its buffered bytes are in its states' lengths):
  // without this wait the whole sheet's XML would pile up there while the zip compresses.
  const zipPending = () => {
    const pipes = (sheet as unknown as SheetInternals).stream?.pipes ?? []
    const bytes = pipes.reduce(
      (sum, pipe) => sum + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0),
      0,
    )
    return bytes > ZIP_PENDING_LIMIT ? bytes : 0
  }
  return {
    async writeBatch(rows) {
      if (out.destroyed) throw new ExportAborted('The client closed the connection.')
      for (const row of rows) {
        sheet.addRow(columns.map((column) => xlsxValue(column.type, column.value(row)))).commit()
      }
      await waitForRoom(out, zipPending)
    },
    async finish() {
      sheet.commit()
      await workbook.commit()
    },
    abort() {
      ;(workbook as unknown as { zip?: { abort?: () => void } }).zip?.abort?.()
      out.destroy()
    },
  }
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

export function createWriter<Row>(format: ExportFormat, out: PassThrough, columns: ExportColumn<Row>[], title: string) {
  return format === 'csv' ? csvWriter(out, columns) : xlsxWriter(out, columns, title)
}

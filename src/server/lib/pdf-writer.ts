import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import { contentDisposition } from '../../domain/files/content-disposition'

// Documents made on the server with pdf-lib (invoices, statements, notice letters): a writer that
// goes top to bottom and starts a new page when one is full.

const PAGE = { width: 612, height: 792, margin: 48 } // US Letter, in points
const INK = rgb(0.1, 0.1, 0.12)
export const MUTED = rgb(0.4, 0.4, 0.45)
const RULE = rgb(0.8, 0.8, 0.82)

/** The standard fonts speak WinAnsi: typographic quotes become plain ones, anything else it lacks a '?'. */
const printable = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?')

export type Column = { header: string; width: number; align?: 'left' | 'right' }

/** Writes top to bottom, starting a new page when one is full. */
export class Writer {
  page: PDFPage
  y: number
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - PAGE.margin
  }

  room(height: number) {
    if (this.y - height >= PAGE.margin) return
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - PAGE.margin
  }

  text(text: string, options: { size?: number; bold?: boolean; color?: typeof INK; x?: number } = {}) {
    const size = options.size ?? 10
    this.room(size + 4)
    this.page.drawText(printable(text), {
      x: options.x ?? PAGE.margin,
      y: this.y - size,
      size,
      font: options.bold ? this.bold : this.font,
      color: options.color ?? INK,
    })
    this.y -= size + 4
  }

  /** Text wrapped to the page's width, line by line. */
  paragraph(text: string, options: { size?: number; bold?: boolean } = {}) {
    const size = options.size ?? 10
    const font = options.bold ? this.bold : this.font
    const width = PAGE.width - 2 * PAGE.margin
    for (const block of printable(text).split('\n')) {
      let line = ''
      for (const word of block.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word
        if (line && font.widthOfTextAtSize(next, size) > width) {
          this.text(line, options)
          line = word
        } else line = next
      }
      this.text(line, options)
    }
  }

  gap(points = 8) {
    this.y -= points
  }

  /** Label and value pairs, two columns. */
  facts(pairs: [string, string | null][]) {
    for (const [label, value] of pairs) {
      this.room(14)
      this.page.drawText(printable(label), { x: PAGE.margin, y: this.y - 10, size: 9, font: this.font, color: MUTED })
      this.page.drawText(printable(value ?? '-'), {
        x: PAGE.margin + 130,
        y: this.y - 10,
        size: 10,
        font: this.font,
        color: INK,
      })
      this.y -= 14
    }
  }

  rule() {
    this.room(6)
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y - 2 },
      end: { x: PAGE.width - PAGE.margin, y: this.y - 2 },
      thickness: 0.5,
      color: RULE,
    })
    this.y -= 6
  }

  row(columns: Column[], cells: string[], bold = false) {
    this.room(16)
    let x = PAGE.margin
    columns.forEach((column, index) => {
      const font = bold ? this.bold : this.font
      const text = fitWidth(printable(cells[index] ?? ''), font, 9, column.width - 6)
      const width = font.widthOfTextAtSize(text, 9)
      this.page.drawText(text, {
        x: column.align === 'right' ? x + column.width - 6 - width : x,
        y: this.y - 10,
        size: 9,
        font,
        color: INK,
      })
      x += column.width
    })
    this.y -= 16
  }

  table(columns: Column[], rows: string[][]) {
    this.row(
      columns,
      columns.map((column) => column.header),
      true,
    )
    this.rule()
    for (const cells of rows) this.row(columns, cells)
    this.rule()
  }
}

/** Cut to fit a width, with an ellipsis. */
function fitWidth(text: string, font: PDFFont, size: number, width: number) {
  if (font.widthOfTextAtSize(text, size) <= width) return text
  let cut = text
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1)
  return `${cut}...`
}

export async function newWriter(title: string) {
  const doc = await PDFDocument.create()
  doc.setTitle(printable(title))
  doc.setProducer('Recovery Desk')
  const writer = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  )
  return writer
}

/** A PDF as an HTTP answer, shown in the browser and never cached. */
export const pdfResponse = (bytes: Uint8Array, fileName: string) =>
  new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition('inline', fileName),
      'Cache-Control': 'private, no-store',
    },
  })

import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import { formatCents } from '../../../domain/billing/money'

// Issue 17's documents, made on the server with pdf-lib: an invoice and a client's statement.

const PAGE = { width: 612, height: 792, margin: 48 } // US Letter, in points
const INK = rgb(0.1, 0.1, 0.12)
const MUTED = rgb(0.4, 0.4, 0.45)
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
class Writer {
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

async function newWriter(title: string) {
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

export type InvoiceDocument = {
  agency: string
  number: string
  statusLabel: string
  revisionOf: string | null
  clientName: string | null
  sentOn: string | null
  caseLabel: string
  vin: string | null
  vehicle: string | null
  lienholder: string | null
  /** 'YYYY-MM-DD HH:MM' as entered, or null. */
  repossessedAt: string | null
  lot: string | null
  rateCard: string | null
  lines: { fee: string; quantity: number; unitCents: number; billedCents: number; paidCents: number }[]
  billedCents: number
  paidCents: number
}

/** An invoice: agency, client, case, VIN, repossession date and time, lot, itemised lines, totals. */
export async function invoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const writer = await newWriter(`Invoice ${invoice.number}`)
  writer.text(invoice.agency, { size: 16, bold: true })
  writer.text(`Invoice ${invoice.number}`, { size: 13, bold: true })
  writer.text(`${invoice.statusLabel}${invoice.revisionOf ? ` - revision of ${invoice.revisionOf}` : ''}`, {
    size: 10,
    color: MUTED,
  })
  writer.gap()
  writer.facts([
    ['Bill to', invoice.clientName],
    ['Invoice date', invoice.sentOn ?? 'Not sent (draft)'],
    ['Case', invoice.caseLabel],
    ['VIN', invoice.vin],
    ['Vehicle', invoice.vehicle],
    ['Lienholder', invoice.lienholder],
    ['Repossessed', invoice.repossessedAt],
    ['Lot', invoice.lot],
    ['Priced by', invoice.rateCard],
  ])
  writer.gap(12)
  const columns: Column[] = [
    { header: 'Fee', width: 216 },
    { header: 'Qty', width: 50, align: 'right' },
    { header: 'Unit', width: 82, align: 'right' },
    { header: 'Amount', width: 84, align: 'right' },
    { header: 'Paid', width: 84, align: 'right' },
  ]
  writer.table(
    columns,
    invoice.lines.map((line) => [
      line.fee,
      String(line.quantity),
      formatCents(line.unitCents),
      formatCents(line.billedCents),
      formatCents(line.paidCents),
    ]),
  )
  const totals: Column[] = [
    { header: '', width: 348 },
    { header: '', width: 84 },
    { header: '', width: 84, align: 'right' },
  ]
  writer.row(totals, ['', 'Total', formatCents(invoice.billedCents)], true)
  writer.row(totals, ['', 'Paid', formatCents(invoice.paidCents)])
  writer.row(totals, ['', 'Balance due', formatCents(invoice.billedCents - invoice.paidCents)], true)
  return writer.doc.save()
}

export type StatementDocument = {
  agency: string
  clientName: string
  asOf: string
  invoices: {
    number: string
    caseLabel: string
    sentOn: string | null
    days: number
    status: string
    billedCents: number
    paidCents: number
  }[]
  totalCents: number
}

/** A client's statement: every open invoice with its age and balance, and what is owed in all. */
export async function statementPdf(statement: StatementDocument): Promise<Uint8Array> {
  const writer = await newWriter(`Statement ${statement.clientName} ${statement.asOf}`)
  writer.text(statement.agency, { size: 16, bold: true })
  writer.text(`Statement of account: ${statement.clientName}`, { size: 13, bold: true })
  writer.text(`As of ${statement.asOf}`, { color: MUTED })
  writer.gap(12)
  writer.table(
    [
      { header: 'Invoice', width: 78 },
      { header: 'Case', width: 96 },
      { header: 'Sent', width: 66 },
      { header: 'Days', width: 36, align: 'right' },
      { header: 'Status', width: 76 },
      { header: 'Billed', width: 62, align: 'right' },
      { header: 'Balance', width: 102, align: 'right' },
    ],
    statement.invoices.map((invoice) => [
      invoice.number,
      invoice.caseLabel,
      invoice.sentOn ?? '',
      String(invoice.days),
      invoice.status,
      formatCents(invoice.billedCents),
      formatCents(invoice.billedCents - invoice.paidCents),
    ]),
  )
  writer.row(
    [
      { header: '', width: 414 },
      { header: '', width: 102, align: 'right' },
    ],
    ['Total owed', formatCents(statement.totalCents)],
    true,
  )
  return writer.doc.save()
}

import { formatCents } from '../../../domain/billing/money'
import { type Column, MUTED, newWriter } from '../../lib/pdf-writer'

// Issue 17's documents: an invoice and a client's statement.

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

import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import { type Column, MUTED, newWriter, type Writer } from '../../lib/pdf-writer'
import type { AgencyParticulars } from '../../queries/agency-particulars'

// Issue 17's documents, an invoice and a client's statement, with what a lender's accounts payable
// needs (issue 41): who bills, where to pay, when it is due, whose account it is. Days read 'Jan 05, 2025'.

export type InvoiceDocument = {
  agency: AgencyParticulars
  number: string
  statusLabel: string
  revisionOf: string | null
  clientName: string | null
  clientAddress: string | null
  /** 'YYYY-MM-DD' days: the invoice date (the day sent) and the due date. */
  sentOn: string | null
  dueOn: string | null
  accountNumber: string | null
  lenderReference: string | null
  debtorName: string | null
  caseLabel: string
  vin: string | null
  vehicle: string | null
  lienholder: string | null
  /** The repossession's day and time as people read them, or null. */
  repossessedAt: string | null
  lot: string | null
  rateCard: string | null
  lines: { fee: string; quantity: number; unitCents: number; billedCents: number; paidCents: number }[]
  billedCents: number
  paidCents: number
}

const linesOf = (text: string | null) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)

/** A labelled fact over several lines (an address): the label on the first. */
const multiline = (label: string, text: string | null): [string, string | null][] => {
  const lines = linesOf(text)
  return lines.length === 0 ? [[label, null]] : lines.map((line, index) => [index === 0 ? label : '', line])
}

/** The agency's letterhead: name, address, phone. */
function letterhead(writer: Writer, agency: AgencyParticulars) {
  writer.text(agency.name, { size: 16, bold: true })
  for (const line of linesOf(agency.address)) writer.text(line, { color: MUTED })
  if (agency.phone) writer.text(`Phone ${agency.phone}`, { color: MUTED })
  writer.gap()
}

/** Where payment goes: the remit-to the admin set, else the agency's own name and address. */
function remitTo(writer: Writer, agency: AgencyParticulars) {
  writer.gap(12)
  writer.text('Remit payment to', { bold: true })
  const lines = linesOf(agency.remitTo)
  for (const line of lines.length > 0 ? lines : [agency.name, ...linesOf(agency.address)]) writer.text(line)
}

/** An invoice: agency, remit-to, dates, client, the lender's account, case, itemised lines, totals. */
export async function invoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const writer = await newWriter(`Invoice ${invoice.number}`)
  letterhead(writer, invoice.agency)
  writer.text(`Invoice ${invoice.number}`, { size: 13, bold: true })
  writer.text(`${invoice.statusLabel}${invoice.revisionOf ? ` - revision of ${invoice.revisionOf}` : ''}`, {
    size: 10,
    color: MUTED,
  })
  writer.gap()
  writer.facts([
    ['Invoice date', invoice.sentOn ? formatCaseDate(invoice.sentOn) : 'Not sent (draft)'],
    ['Due date', invoice.dueOn ? formatCaseDate(invoice.dueOn) : 'When sent'],
    ['Bill to', invoice.clientName],
    ...multiline('Address', invoice.clientAddress),
    ['Account / loan number', invoice.accountNumber],
    ['Reference', invoice.lenderReference],
    ['Debtor', invoice.debtorName],
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
  remitTo(writer, invoice.agency)
  return writer.doc.save()
}

export type StatementDocument = {
  agency: AgencyParticulars
  clientName: string
  clientAddress: string | null
  /** 'YYYY-MM-DD'. */
  asOf: string
  invoices: {
    number: string
    accountNumber: string | null
    debtorName: string | null
    sentOn: string | null
    dueOn: string | null
    days: number
    billedCents: number
    paidCents: number
  }[]
  totalCents: number
}

/** A client's statement: every open invoice with its account, dates, age and balance, and what is owed in all. */
export async function statementPdf(statement: StatementDocument): Promise<Uint8Array> {
  const writer = await newWriter(`Statement ${statement.clientName} ${statement.asOf}`)
  letterhead(writer, statement.agency)
  writer.text('Statement of account', { size: 13, bold: true })
  writer.text(`As of ${formatCaseDate(statement.asOf)}`, { color: MUTED })
  writer.gap()
  writer.facts([['Client', statement.clientName], ...multiline('Address', statement.clientAddress)])
  writer.gap(12)
  writer.table(
    [
      { header: 'Invoice', width: 58 },
      { header: 'Account / loan', width: 70 },
      { header: 'Debtor', width: 88 },
      { header: 'Invoice date', width: 62 },
      { header: 'Due date', width: 62 },
      { header: 'Days', width: 30, align: 'right' },
      { header: 'Billed', width: 66, align: 'right' },
      { header: 'Balance', width: 80, align: 'right' },
    ],
    statement.invoices.map((invoice) => [
      invoice.number,
      invoice.accountNumber ?? '-',
      invoice.debtorName ?? '-',
      formatCaseDate(invoice.sentOn),
      formatCaseDate(invoice.dueOn),
      String(invoice.days),
      formatCents(invoice.billedCents),
      formatCents(invoice.billedCents - invoice.paidCents),
    ]),
  )
  writer.row(
    [
      { header: '', width: 436 },
      { header: '', width: 80, align: 'right' },
    ],
    ['Total owed', formatCents(statement.totalCents)],
    true,
  )
  remitTo(writer, statement.agency)
  return writer.doc.save()
}

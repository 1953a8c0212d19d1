import { formatWallClock } from '../../../domain/formats/dates'
import type { AppDeps, Viewer } from '../../app-env'
import { agencyParticulars } from '../../queries/agency-particulars'
import { statement } from './aging-service'
import { invoicePdf, statementPdf } from './pdf'
import { invoiceDetail } from './service'

/** An invoice's PDF and its file name. */
export async function invoiceDocument(deps: AppDeps, viewer: Viewer, invoiceId: string) {
  const invoice = await invoiceDetail(deps, viewer, invoiceId)
  const bytes = await invoicePdf({
    agency: await agencyParticulars(deps.db, viewer.companyId),
    number: invoice.number,
    statusLabel: invoice.status_label,
    revisionOf: invoice.revision_of_number,
    clientName: invoice.client_name,
    clientAddress: invoice.client_address,
    sentOn: invoice.sent_on,
    dueOn: invoice.due_on,
    accountNumber: invoice.account_number,
    lenderReference: invoice.lender_reference,
    debtorName: invoice.debtor_name,
    caseLabel: invoice.case_label,
    vin: invoice.vin,
    vehicle: invoice.vehicle,
    lienholder: invoice.lienholder_name,
    repossessedAt: invoice.repossessed_at ? formatWallClock(invoice.repossessed_at) : null,
    lot: invoice.lot_name,
    rateCard: invoice.rate_card_version ? `Rate card version ${invoice.rate_card_version}` : null,
    lines: invoice.lines.map((line) => ({
      fee: line.fee_name,
      quantity: line.quantity,
      unitCents: line.unit_cents,
      billedCents: line.billed_cents,
      paidCents: line.paid_cents,
    })),
    billedCents: invoice.billed_cents,
    paidCents: invoice.paid_cents,
  })
  return { bytes, fileName: `${invoice.number}.pdf` }
}

/** A client's statement as a PDF. */
export async function statementDocument(deps: AppDeps, viewer: Viewer, clientId: string) {
  const found = await statement(deps, viewer, clientId)
  const bytes = await statementPdf({
    agency: await agencyParticulars(deps.db, viewer.companyId),
    clientName: found.client.name,
    clientAddress: found.client.billing_address,
    asOf: found.asOf,
    invoices: found.invoices.map((invoice) => ({
      number: invoice.number,
      accountNumber: invoice.account_number,
      debtorName: invoice.debtor_name,
      sentOn: invoice.sent_on,
      dueOn: invoice.due_on,
      days: invoice.days,
      billedCents: invoice.billed_cents,
      paidCents: invoice.paid_cents,
    })),
    totalCents: found.totalCents,
  })
  const slug = found.client.client_code || 'client'
  return { bytes, fileName: `statement-${slug.replace(/[^A-Za-z0-9_-]/g, '')}-${found.asOf}.pdf` }
}

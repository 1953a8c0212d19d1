import { formatRepossessedAt } from '../../../domain/cases/repossession'
import type { AppDeps, Viewer } from '../../app-env'
import { statement } from './aging-service'
import { invoicePdf, statementPdf } from './pdf'
import { invoiceDetail } from './service'

async function agencyName({ db }: AppDeps, viewer: Viewer) {
  const company = await db.selectFrom('companies').select('name').where('id', '=', viewer.companyId).executeTakeFirst()
  return company?.name ?? 'Recovery Desk'
}

/** The repossession's day and clock as every screen shows them ('Jan 05, 2025 3:05 PM'). */
const momentText = (moment: Date | null) => (moment ? formatRepossessedAt(moment) : null)

/** An invoice's PDF and its file name. */
export async function invoiceDocument(deps: AppDeps, viewer: Viewer, invoiceId: string) {
  const invoice = await invoiceDetail(deps, viewer, invoiceId)
  const bytes = await invoicePdf({
    agency: await agencyName(deps, viewer),
    number: invoice.number,
    statusLabel: invoice.status_label,
    revisionOf: invoice.revision_of_number,
    clientName: invoice.client_name,
    sentOn: invoice.sent_on,
    caseLabel: invoice.case_label,
    vin: invoice.vin,
    vehicle: invoice.vehicle,
    lienholder: invoice.lienholder_name,
    repossessedAt: momentText(invoice.repossessed_at),
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
    agency: await agencyName(deps, viewer),
    clientName: found.client.name,
    asOf: found.asOf,
    invoices: found.invoices.map((invoice) => ({
      number: invoice.number,
      caseLabel: invoice.case_label,
      sentOn: invoice.sent_on,
      days: invoice.days,
      status: invoice.status_label,
      billedCents: invoice.billed_cents,
      paidCents: invoice.paid_cents,
    })),
    totalCents: found.totalCents,
  })
  const slug = found.client.client_code || 'client'
  return { bytes, fileName: `statement-${slug.replace(/[^A-Za-z0-9_-]/g, '')}-${found.asOf}.pdf` }
}

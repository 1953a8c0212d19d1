import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import type { AppDeps, Viewer } from '../../app-env'
import { newWriter } from '../../lib/pdf-writer'
import { caseParticulars } from '../../queries/case-particulars'
import { redemptionPayment } from './payment-service'

/**
 * The debtor's receipt for a redemption payment (issue 41): the agency, the debtor, the vehicle
 * and its VIN, the amount, how it was paid, its reference and the day it was received.
 */
export async function paymentReceipt(deps: AppDeps, viewer: Viewer, paymentId: string) {
  const payment = await redemptionPayment(deps, viewer, paymentId)
  const [company, particulars] = await Promise.all([
    deps.db.selectFrom('companies').select('name').where('id', '=', viewer.companyId).executeTakeFirstOrThrow(),
    caseParticulars(deps.db, viewer.companyId, payment.ids),
  ])
  const number = payment.id.slice(0, 8).toUpperCase()
  const receipt = await newWriter(`Redemption payment receipt ${number}`)
  receipt.text(company.name, { size: 16, bold: true })
  receipt.gap(12)
  receipt.text('Redemption payment receipt', { size: 13, bold: true })
  receipt.gap(8)
  receipt.facts([
    ['Receipt number', number],
    ['Date', formatCaseDate(payment.receivedOn)],
    ['Received from', particulars.debtorName],
    ['Vehicle', particulars.vehicle],
    ['VIN', particulars.vin],
  ])
  receipt.gap(6)
  receipt.rule()
  receipt.facts([
    ['Amount', formatCents(payment.amountCents)],
    ['Method', payment.methodLabel],
    ['Reference', payment.reference],
  ])
  receipt.rule()
  receipt.gap(6)
  if (payment.recordedBy) receipt.text(`Received by ${payment.recordedBy}`)
  receipt.gap(16)
  receipt.text(company.name)
  return { bytes: await receipt.doc.save(), fileName: `redemption-receipt-${number}.pdf` }
}

import { INVOICE_STATUS_LABELS, isOpen } from '../../../domain/billing/invoice-status'
import { formatCents } from '../../../domain/billing/money'
import {
  allocatePayment,
  type LinePayment,
  type PayableLine,
  paymentProblems,
  settledStatus,
} from '../../../domain/billing/payment'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, badRequest, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { invoiceEvent, writeInvoiceEvents } from './invoice-events'
import { insertPayment } from './payment-repository'
import { listLines, lockInvoice, updateInvoice, updateLine } from './repository'
import { INVOICE_NOT_FOUND, invoiceDetail } from './service'

export type PaymentInput = {
  receivedOn: string
  reference: string | null
  /** A whole amount, spread over the lines in order; or `lines`, each line's own. */
  amountCents: number | null
  lines: LinePayment[] | null
}

/**
 * Posts a payment to a sent invoice, by line. Under a lock on the invoice, so two people posting at
 * once take turns and the second sees the first's: a payment above the balance is refused, never
 * posted. Paid in full makes it Paid; everything the lender approved paid, Short-paid.
 */
export async function postPayment(deps: AppDeps, viewer: Viewer, invoiceId: string, input: PaymentInput, ip: string) {
  await deps.db.transaction().execute(async (trx) => {
    const invoice = await lockInvoice(trx, viewer.companyId, invoiceId)
    if (!invoice) throw notFound(INVOICE_NOT_FOUND)
    if (!isOpen(invoice.status)) {
      throw new AppError(
        'conflict',
        `Payments are posted to sent invoices; this one is ${INVOICE_STATUS_LABELS[invoice.status]}.`,
        'amountCents',
      )
    }
    const rows = await listLines(trx, invoice.id)
    const lines: PayableLine[] = rows.map((row) => ({
      id: row.id,
      billedCents: Number(row.billed_cents),
      approvedCents: row.approved_cents === null ? null : Number(row.approved_cents),
      paidCents: Number(row.paid_cents),
    }))
    const balance = Number(invoice.billed_cents) - Number(invoice.paid_cents)
    const payments = input.lines ?? allocatePayment(lines, input.amountCents ?? 0)
    if (!payments) throw badRequest(`Above the balance of ${formatCents(balance)}.`, 'amountCents')
    const [problem] = paymentProblems(lines, payments)
    if (problem) throw badRequest(`${problem.reason}.`, problem.field)
    const paying = payments.filter((payment) => payment.amountCents > 0)
    const total = paying.reduce((sum, payment) => sum + payment.amountCents, 0)
    await insertPayment(
      trx,
      {
        companyId: viewer.companyId,
        invoiceId: invoice.id,
        receivedOn: input.receivedOn,
        amountCents: total,
        reference: input.reference,
        profileId: viewer.profileId,
      },
      paying.map((payment) => ({ ...payment, shortPayReason: payment.shortPayReason ?? null })),
    )
    // Each line paid, and any line the lender short-paid (nothing paid of it included) with its reason.
    for (const payment of payments) {
      const line = lines.find((row) => row.id === payment.lineId)
      if (!line || (payment.amountCents === 0 && !payment.shortPayReason)) continue
      line.paidCents += payment.amountCents
      await updateLine(trx, line.id, {
        paid_cents: line.paidCents,
        ...(payment.shortPayReason ? { short_pay_reason: payment.shortPayReason } : {}),
      })
    }
    const status = settledStatus(invoice.status, lines)
    await updateInvoice(trx, invoice.id, {
      paid_cents: Number(invoice.paid_cents) + total,
      ...(status !== invoice.status ? { status, status_changed_at: new Date() } : {}),
    })
    const subject = { orderId: invoice.order_id, rdnCaseId: invoice.rdn_case_id }
    await writeInvoiceEvents(trx, [
      invoiceEvent(
        viewer.companyId,
        subject,
        { field: 'invoice_payment', oldValue: null, newValue: `${formatCents(total)} on ${invoice.number}` },
        viewer.profileId,
      ),
      ...(status !== invoice.status
        ? [
            invoiceEvent(
              viewer.companyId,
              subject,
              {
                field: 'invoice',
                oldValue: `${invoice.number} ${INVOICE_STATUS_LABELS[invoice.status]}`,
                newValue: `${invoice.number} ${INVOICE_STATUS_LABELS[status]}`,
              },
              viewer.profileId,
            ),
          ]
        : []),
    ])
    await recordAudit(trx, {
      action: 'invoice.payment_posted',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `invoice:${invoice.id}`,
      detail: { number: invoice.number, amountCents: total, receivedOn: input.receivedOn, status },
      ip,
    })
  })
  return invoiceDetail(deps, viewer, invoiceId)
}

import { isEditable } from '../../../domain/billing/invoice-status'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError } from '../../http/app-error'
import { recordInvoiceChange, withInvoice } from './invoice-moves'
import { updateInvoice } from './repository'
import { invoiceDetail } from './service'

/** The lender's account or loan number and reference, set on a draft (a sent invoice keeps what it went out with). */
export async function setInvoiceReferences(
  deps: AppDeps,
  viewer: Viewer,
  invoiceId: string,
  input: { accountNumber: string | null; lenderReference: string | null },
  ip: string,
  now = new Date(),
) {
  await withInvoice(deps, viewer, invoiceId, async (trx, invoice) => {
    if (!isEditable(invoice.status)) {
      throw new AppError(
        'conflict',
        'The account number and reference are fixed once the invoice is sent.',
        'accountNumber',
      )
    }
    await updateInvoice(trx, invoice.id, {
      account_number: input.accountNumber,
      lender_reference: input.lenderReference,
    })
    const text = (account: string | null, reference: string | null) =>
      `${invoice.number} account ${account ?? '-'}, reference ${reference ?? '-'}`
    await recordInvoiceChange(trx, viewer, invoice, {
      action: 'invoice.references_set',
      oldValue: text(invoice.account_number, invoice.lender_reference),
      newValue: text(input.accountNumber, input.lenderReference),
      detail: { accountNumber: input.accountNumber, lenderReference: input.lenderReference },
      ip,
    })
  })
  return invoiceDetail(deps, viewer, invoiceId, now)
}

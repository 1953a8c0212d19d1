import { invoiceWindow } from '../../../domain/billing/aging'
import { findFeeType } from '../../../domain/billing/fee-catalog'
import { INVOICE_STATUS_LABELS, isEditable, nextStatuses } from '../../../domain/billing/invoice-status'
import { lineApproval } from '../../../domain/billing/line-approval'
import { type StorageRule, storageCharge } from '../../../domain/billing/pricing'
import { agencyToday } from '../../../domain/formats/agency-time'
import type { InvoiceRow, LineRow } from './repository'

type StoredInvoice = Omit<InvoiceRow, 'storage_line_cents'>

/** The storage rule an invoice was priced with, or null. */
export function storageRuleOf(
  invoice: Pick<StoredInvoice, 'storage_free_days' | 'storage_daily_cents' | 'storage_cap_cents'>,
): StorageRule | null {
  if (invoice.storage_free_days === null || invoice.storage_daily_cents === null) return null
  return {
    freeDays: invoice.storage_free_days,
    dailyCents: Number(invoice.storage_daily_cents),
    capCents: invoice.storage_cap_cents === null ? null : Number(invoice.storage_cap_cents),
  }
}

/** A draft's storage still accrues: as of now until a stop event (sending stops it too). */
export function liveStorage(invoice: StoredInvoice, now: Date) {
  const rule = storageRuleOf(invoice)
  if (!rule || !invoice.storage_started_at || !isEditable(invoice.status) || invoice.storage_stopped_at) return null
  return storageCharge(rule, invoice.storage_started_at, now)
}

/** An invoice as the API gives it: amounts as numbers, the window to invoice, the balance. */
export function invoiceSummary(
  invoice: InvoiceRow | (StoredInvoice & { storage_line_cents?: number | null }),
  now: Date,
) {
  const live = liveStorage(invoice, now)
  const stored = Number(invoice.storage_line_cents ?? 0)
  const billed = Number(invoice.billed_cents) + (live ? live.amountCents - stored : 0)
  const paid = Number(invoice.paid_cents)
  const { storage_line_cents: _, ...rest } = { storage_line_cents: null, ...invoice }
  return {
    ...rest,
    status_label: INVOICE_STATUS_LABELS[invoice.status],
    billed_cents: billed,
    paid_cents: paid,
    balance_cents: billed - paid,
    storage_daily_cents: invoice.storage_daily_cents === null ? null : Number(invoice.storage_daily_cents),
    storage_cap_cents: invoice.storage_cap_cents === null ? null : Number(invoice.storage_cap_cents),
    // The window counts until the invoice goes out, in the agency's days as the completion's.
    window: invoiceWindow(invoice.completed_on, invoice.window_days, invoice.sent_on ?? agencyToday(now)),
  }
}

/** An invoice's lines as the detail shows them, a draft's storage as of now. */
export function linesView(invoice: StoredInvoice, lines: LineRow[], now: Date) {
  const live = liveStorage(invoice, now)
  return lines.map((line) => {
    const storage = line.kind === 'storage' && live
    const { fee_request_status, ...rest } = line
    return {
      ...rest,
      fee_name: findFeeType(line.fee_type)?.name ?? line.fee_type,
      // The one approval state a line shows (its fee request's, else whether its rate needs approval).
      approval: lineApproval({ needsApproval: line.needs_approval, feeRequestStatus: fee_request_status }),
      quantity: storage ? live.billableDays : line.quantity,
      unit_cents: Number(line.unit_cents),
      billed_cents: storage ? live.amountCents : Number(line.billed_cents),
      approved_cents: line.approved_cents === null ? null : Number(line.approved_cents),
      paid_cents: Number(line.paid_cents),
    }
  })
}

export const movesOf = (invoice: Pick<StoredInvoice, 'status'>) =>
  nextStatuses(invoice.status).map((status) => ({ status, label: INVOICE_STATUS_LABELS[status] }))

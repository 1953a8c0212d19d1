// Issue 17's invoice life: Draft -> Sent -> (Lender Pending / On Hold) -> Approved -> Paid /
// Short-paid / Rejected -> Written off; a rejected invoice is resubmitted as a linked revision.

export const INVOICE_STATUSES = [
  'draft',
  'sent',
  'lender_pending',
  'on_hold',
  'approved',
  'paid',
  'short_paid',
  'rejected',
  'written_off',
] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  lender_pending: 'Lender Pending',
  on_hold: 'On Hold',
  approved: 'Approved',
  paid: 'Paid',
  short_paid: 'Short-paid',
  rejected: 'Rejected',
  written_off: 'Written off',
}

/** Where a person may move an invoice from each status (Paid comes by payments, not by hand). */
const MOVES: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['sent'],
  sent: ['lender_pending', 'on_hold', 'approved', 'rejected'],
  lender_pending: ['on_hold', 'approved', 'rejected'],
  on_hold: ['lender_pending', 'approved', 'rejected'],
  approved: ['short_paid', 'rejected'],
  paid: [],
  short_paid: ['written_off'],
  rejected: ['written_off'],
  written_off: [],
}

export const nextStatuses = (from: InvoiceStatus): readonly InvoiceStatus[] => MOVES[from]
export const canMove = (from: InvoiceStatus, to: InvoiceStatus) => MOVES[from].includes(to)

/** A move that needs a reason said with it. */
export const REASON_NEEDED: readonly InvoiceStatus[] = ['on_hold', 'short_paid', 'rejected', 'written_off']

/** Sent and not settled: money is owed, payments may be posted and the invoice ages. */
export const OPEN_STATUSES: readonly InvoiceStatus[] = ['sent', 'lender_pending', 'on_hold', 'approved']
export const isOpen = (status: InvoiceStatus) => OPEN_STATUSES.includes(status)

/** A draft's lines, storage and fee requests may still change; a sent invoice keeps its amounts. */
export const isEditable = (status: InvoiceStatus) => status === 'draft'

/** The queues Invoice Management shows, each a set of statuses. */
export const INVOICE_QUEUES = {
  drafts: ['draft'],
  awaiting: ['sent', 'lender_pending', 'on_hold'],
  approved: ['approved'],
  rejected: ['rejected'],
  closed: ['paid', 'short_paid', 'written_off'],
} as const satisfies Record<string, readonly InvoiceStatus[]>
export type InvoiceQueue = keyof typeof INVOICE_QUEUES
export const INVOICE_QUEUE_NAMES = Object.keys(INVOICE_QUEUES) as InvoiceQueue[]

export const INVOICE_QUEUE_LABELS: Record<InvoiceQueue, string> = {
  drafts: 'Drafts',
  awaiting: 'Awaiting lender',
  approved: 'Approved, unpaid',
  rejected: 'Rejected',
  closed: 'Closed',
}

/** An invoice's number as people read it: INV-000042. */
export const invoiceNumber = (sequence: number) => `INV-${String(sequence).padStart(6, '0')}`

/** The queue an invoice in `status` is listed in: where the list goes when the open invoice moves. */
export function queueOfStatus(status: InvoiceStatus): InvoiceQueue {
  return (
    INVOICE_QUEUE_NAMES.find((queue) => (INVOICE_QUEUES[queue] as readonly InvoiceStatus[]).includes(status)) ??
    'drafts'
  )
}

import { WAITING_DRAFT_COUNT_CAP } from '../../../domain/billing/drafting-queue'
import {
  INVOICE_QUEUE_NAMES,
  INVOICE_QUEUES,
  type InvoiceQueue,
  isEditable,
} from '../../../domain/billing/invoice-status'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../http/app-error'
import { countQueuedCases, isCaseQueued } from './drafting-repository'
import { invoiceSummary, linesView, movesOf } from './invoice-view'
import { listPayments } from './payment-repository'
import {
  clientHasRateCard,
  countByStatus,
  findCaseKey,
  findInvoice,
  findNumber,
  findRevisionOf,
  listCaseInvoices,
  listInvoices,
  listLines,
} from './repository'
import { countQueuedReprices } from './reprice-queue-repository'

// What Invoice Management reads: the queues, an invoice whole, a case's invoices.

export const INVOICE_NOT_FOUND = 'No such invoice.'
export const INVOICE_PAGE_SIZE = 50

/** How many invoices each queue holds (drafts are written in the background: see draftsWaiting). */
export async function invoiceQueueCounts(deps: AppDeps, viewer: Viewer) {
  const { db } = deps
  const counts = new Map((await countByStatus(db, viewer.companyId)).map((row) => [row.status, Number(row.count)]))
  return Object.fromEntries(
    INVOICE_QUEUE_NAMES.map((queue) => [
      queue,
      INVOICE_QUEUES[queue].reduce((sum, status) => sum + (counts.get(status) ?? 0), 0),
    ]),
  ) as Record<InvoiceQueue, number>
}

/** How many drafts wait to be priced again in the background (a rate card changed). */
export const draftsWaitingReprice = ({ db }: AppDeps, viewer: Viewer) => countQueuedReprices(db, viewer.companyId)

/** How many recovered (or closed) cases wait for the background drafting to write their draft (at most the cap + 1). */
export const casesWaitingDraft = ({ db }: AppDeps, viewer: Viewer) =>
  countQueuedCases(db, viewer.companyId, WAITING_DRAFT_COUNT_CAP)

/** A page of one queue, newest first. */
export async function invoiceQueue(
  deps: AppDeps,
  viewer: Viewer,
  query: { queue: InvoiceQueue; page: number; search: string | null },
  now = new Date(),
) {
  const { db } = deps
  const rows = await listInvoices(db, {
    companyId: viewer.companyId,
    queue: query.queue,
    search: query.search,
    limit: INVOICE_PAGE_SIZE + 1,
    offset: (query.page - 1) * INVOICE_PAGE_SIZE,
  })
  return {
    invoices: rows.slice(0, INVOICE_PAGE_SIZE).map((row) => invoiceSummary(row, now)),
    page: query.page,
    hasMore: rows.length > INVOICE_PAGE_SIZE,
  }
}

/** One invoice whole: lines, payments, its revisions, and where it may go next. */
export async function invoiceDetail({ db }: AppDeps, viewer: Viewer, invoiceId: string, now = new Date()) {
  const invoice = await findInvoice(db, viewer.companyId, invoiceId)
  if (!invoice) throw notFound(INVOICE_NOT_FOUND)
  const [lines, payments, revision, revisionOf, supplemented, hasCard] = await Promise.all([
    listLines(db, invoiceId),
    listPayments(db, invoiceId),
    findRevisionOf(db, invoiceId),
    invoice.revision_of ? findNumber(db, invoice.revision_of) : undefined,
    invoice.supplements ? findNumber(db, invoice.supplements) : undefined,
    invoice.client_id ? clientHasRateCard(db, viewer.companyId, invoice.client_id) : false,
  ])
  const storageLineCents = lines.find((line) => line.kind === 'storage')?.billed_cents ?? null
  return {
    ...invoiceSummary({ ...invoice, storage_line_cents: storageLineCents }, now),
    lines: linesView(invoice, lines, now),
    payments: payments.map((payment) => ({
      ...payment,
      amount_cents: Number(payment.amount_cents),
      lines: payment.lines.map((line) => ({ ...line, amount_cents: Number(line.amount_cents) })),
    })),
    revised_by: revision ?? null,
    revision_of_number: revisionOf?.number ?? null,
    supplements_number: supplemented?.number ?? null,
    moves: movesOf(invoice),
    can_resubmit: invoice.status === 'rejected' && !revision,
    // A draft of a client without a rate card offers to create one (Fee Schedules, for that client).
    needs_rate_card: isEditable(invoice.status) && invoice.client_id !== null && !hasCard,
  }
}

/**
 * The invoices of an order or RDN case (its detail shows them), and whether it waits for its draft
 * (the background drafting writes it in a moment; the detail looks again until it has).
 */
export async function caseInvoices(
  deps: AppDeps,
  viewer: Viewer,
  target: { orderId: string } | { caseId: number },
  now = new Date(),
) {
  const { db } = deps
  const found = await findCaseKey(db, viewer.companyId, target)
  if (!found) throw notFound('orderId' in target ? 'Order not found' : 'The requested case could not be found.')
  const [invoices, waiting] = await Promise.all([
    listCaseInvoices(db, viewer.companyId, found.caseKey),
    isCaseQueued(db, viewer.companyId, found.caseKey),
  ])
  return { invoices: invoices.map((invoice) => invoiceSummary(invoice, now)), waitingForDraft: waiting }
}

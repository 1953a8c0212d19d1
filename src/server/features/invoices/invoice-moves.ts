import { randomUUID } from 'node:crypto'
import type { Transaction } from 'kysely'
import { storageLine } from '../../../domain/billing/draft-plan'
import {
  canMove,
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
  invoiceNumber,
  isEditable,
  REASON_NEEDED,
} from '../../../domain/billing/invoice-status'
import { DEFAULT_PAYMENT_TERMS_DAYS, dueOn } from '../../../domain/billing/payment-terms'
import { agencyDayOf } from '../../../domain/formats/agency-time'
import { formatCaseDate } from '../../../domain/formats/dates'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { AppError, badRequest, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { takeInvoiceNumbers } from './drafting-repository'
import { invoiceEvent, writeInvoiceEvents } from './invoice-events'
import { storageRuleOf } from './invoice-view'
import {
  clientPaymentTerms,
  findRevisionOf,
  insertLines,
  type LockedInvoice,
  listLines,
  lockInvoice,
  updateInvoice,
  updateLine,
} from './repository'
import { INVOICE_NOT_FOUND, invoiceDetail } from './service'

// What people do to an invoice: move it along its states, stop its storage, resubmit it.

const subjectOf = (invoice: Pick<LockedInvoice, 'order_id' | 'rdn_case_id'>) => ({
  orderId: invoice.order_id,
  rdnCaseId: invoice.rdn_case_id,
})

type Move = {
  status: InvoiceStatus
  reason: string | null
  approved: { lineId: string; approvedCents: number }[] | null
}

/** Runs a change on a locked invoice of the company (404 otherwise). */
export async function withInvoice<T>(
  deps: AppDeps,
  viewer: Viewer,
  invoiceId: string,
  change: (trx: Transaction<DB>, invoice: LockedInvoice) => Promise<T>,
) {
  return deps.db.transaction().execute(async (trx) => {
    const invoice = await lockInvoice(trx, viewer.companyId, invoiceId)
    if (!invoice) throw notFound(INVOICE_NOT_FOUND)
    return change(trx, invoice)
  })
}

/** A status change's timeline entry and audit entry. */
export async function recordInvoiceChange(
  trx: Transaction<DB>,
  viewer: Viewer,
  invoice: Pick<LockedInvoice, 'id' | 'number' | 'order_id' | 'rdn_case_id'>,
  change: { action: string; oldValue: string | null; newValue: string; detail: Record<string, unknown>; ip: string },
) {
  await writeInvoiceEvents(trx, [
    invoiceEvent(
      viewer.companyId,
      subjectOf(invoice),
      { field: 'invoice', oldValue: change.oldValue, newValue: change.newValue },
      viewer.profileId,
    ),
  ])
  await recordAudit(trx, {
    action: change.action,
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `invoice:${invoice.id}`,
    detail: { number: invoice.number, ...change.detail },
    ip: change.ip,
  })
}

/** Sending freezes a draft's storage as of now, when no stop event ended it first. */
async function freezeStorage(trx: Transaction<DB>, invoice: LockedInvoice, at: Date, event: string) {
  const rule = storageRuleOf(invoice)
  if (!rule || !invoice.storage_started_at || invoice.storage_stopped_at) return Number(invoice.billed_cents)
  const line = storageLine(rule, invoice.storage_started_at, at)
  const lines = await listLines(trx, invoice.id)
  const stored = lines.find((row) => row.kind === 'storage')
  if (stored) await updateLine(trx, stored.id, { quantity: line.quantity, billed_cents: line.amountCents })
  const billed = Number(invoice.billed_cents) - Number(stored?.billed_cents ?? 0) + line.amountCents
  await updateInvoice(trx, invoice.id, { storage_stopped_at: at, storage_stop_event: event, billed_cents: billed })
  return billed
}

/** Moves an invoice along its states (issue 17); a move that needs a reason is refused without one. */
export async function moveInvoice(
  deps: AppDeps,
  viewer: Viewer,
  invoiceId: string,
  move: Move,
  ip: string,
  now = new Date(),
) {
  await withInvoice(deps, viewer, invoiceId, async (trx, invoice) => {
    if (!canMove(invoice.status, move.status)) {
      throw new AppError(
        'conflict',
        `An invoice that is ${INVOICE_STATUS_LABELS[invoice.status]} cannot be made ${INVOICE_STATUS_LABELS[move.status]}.`,
        'status',
      )
    }
    if (REASON_NEEDED.includes(move.status) && !move.reason) throw badRequest('Say why.', 'reason')
    // Money received stays on the books: a paid-in-part invoice is short-paid or written off, not rejected.
    if (move.status === 'rejected' && Number(invoice.paid_cents) > 0) {
      throw new AppError('conflict', 'Payments are posted to this invoice: mark it Short-paid instead.', 'status')
    }
    if (move.status === 'sent') await checkSendable(trx, invoice)
    if (move.status === 'sent') await freezeStorage(trx, invoice, now, 'sent')
    if (move.status === 'approved') await approveLines(trx, invoice, move.approved ?? [])
    await updateInvoice(trx, invoice.id, {
      status: move.status,
      status_reason: move.reason,
      status_changed_at: now,
      ...(move.status === 'sent' ? await sentAndDue(trx, invoice, now) : {}),
    })
    await recordInvoiceChange(trx, viewer, invoice, {
      action: 'invoice.status_changed',
      oldValue: `${invoice.number} ${INVOICE_STATUS_LABELS[invoice.status]}`,
      newValue: `${invoice.number} ${INVOICE_STATUS_LABELS[move.status]}${move.reason ? ` (${move.reason})` : ''}`,
      detail: { from: invoice.status, to: move.status, reason: move.reason },
      ip,
    })
  })
  return invoiceDetail(deps, viewer, invoiceId, now)
}

/** The invoice date is the day it is sent; it falls due on its client's payment terms from then. */
async function sentAndDue(trx: Transaction<DB>, invoice: LockedInvoice, now: Date) {
  const sentOn = agencyDayOf(now)
  const terms = invoice.client_id ? await clientPaymentTerms(trx, invoice.company_id, invoice.client_id) : undefined
  return { sent_on: sentOn, due_on: dueOn(sentOn, terms?.payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS) }
}

/** A draft goes out only billed to a client, priced, and for more than nothing. */
async function checkSendable(trx: Transaction<DB>, invoice: LockedInvoice) {
  if (!invoice.client_id) throw badRequest('This invoice has no client to send it to.', 'status')
  const lines = await listLines(trx, invoice.id)
  if (lines.length === 0) throw badRequest('This invoice has no lines to send.', 'status')
  const unpriced = lines.find((line) => line.unpriced)
  if (unpriced) {
    throw badRequest(
      'A line is not priced yet (no rate on the client’s rate card, or no quantity): set it and reprice before sending.',
      `lines.${unpriced.position}`,
    )
  }
  if (lines.every((line) => Number(line.billed_cents) === 0)) throw badRequest('This invoice bills nothing.', 'status')
}

/** What the lender approved of each line (all of it unless said). */
async function approveLines(trx: Transaction<DB>, invoice: LockedInvoice, approved: NonNullable<Move['approved']>) {
  const lines = await listLines(trx, invoice.id)
  for (const [index, entry] of approved.entries()) {
    const line = lines.find((row) => row.id === entry.lineId)
    if (!line) throw badRequest('No such line on this invoice.', `approved.${index}.lineId`)
    if (entry.approvedCents > Number(line.billed_cents)) {
      throw badRequest('More than the line bills.', `approved.${index}.approvedCents`)
    }
  }
  for (const line of lines) {
    const entry = approved.find((row) => row.lineId === line.id)
    await updateLine(trx, line.id, { approved_cents: entry ? entry.approvedCents : Number(line.billed_cents) })
  }
}

export const STORAGE_STOP_EVENTS = ['release', 'transport', 'redemption'] as const

/** A stop event (release, transport, redemption) ends a draft's storage at that moment. */
export async function stopStorage(
  deps: AppDeps,
  viewer: Viewer,
  invoiceId: string,
  stop: { event: (typeof STORAGE_STOP_EVENTS)[number]; at: Date },
  ip: string,
  now = new Date(),
) {
  await withInvoice(deps, viewer, invoiceId, async (trx, invoice) => {
    if (!isEditable(invoice.status))
      throw new AppError('conflict', 'Storage is fixed once the invoice is sent.', 'event')
    if (!storageRuleOf(invoice) || !invoice.storage_started_at) {
      throw badRequest('This invoice bills no storage.', 'event')
    }
    if (invoice.storage_stopped_at) throw new AppError('conflict', 'Storage has stopped already.', 'event')
    if (stop.at < invoice.storage_started_at) throw badRequest('Storage cannot stop before the repossession.', 'at')
    if (stop.at > now) throw badRequest('A stop cannot be in the future.', 'at')
    await freezeStorage(trx, invoice, stop.at, stop.event)
    await recordInvoiceChange(trx, viewer, invoice, {
      action: 'invoice.storage_stopped',
      oldValue: null,
      newValue: `${invoice.number} storage stopped by ${stop.event} on ${formatCaseDate(agencyDayOf(stop.at))}`,
      detail: { event: stop.event, at: stop.at.toISOString() },
      ip,
    })
  })
  return invoiceDetail(deps, viewer, invoiceId, now)
}

/** A rejected invoice sent again as a new draft revision linked to it, with its lines (nothing approved or paid). */
export async function resubmitInvoice(deps: AppDeps, viewer: Viewer, invoiceId: string, ip: string, now = new Date()) {
  const revisionId = await withInvoice(deps, viewer, invoiceId, async (trx, invoice) => {
    if (invoice.status !== 'rejected') throw new AppError('conflict', 'Only a rejected invoice can be resubmitted.')
    if (await findRevisionOf(trx, invoice.id))
      throw new AppError('conflict', 'This invoice has been resubmitted already.')
    const number = invoiceNumber(await takeInvoiceNumbers(trx, viewer.companyId, 1))
    const {
      id: _id,
      number: _number,
      revision,
      status: _status,
      status_reason: _reason,
      created_at: _created,
      updated_at: _updated,
      status_changed_at: _changed,
      sent_on: _sent,
      due_on: _due,
      paid_cents: _paid,
      queue: _queue,
      ...copied
    } = invoice
    const id = randomUUID()
    await trx
      .insertInto('invoices')
      .values({
        ...copied,
        id,
        number,
        revision: revision + 1,
        revision_of: invoice.id,
        created_by_profile_id: viewer.profileId,
      })
      .execute()
    const lines = await listLines(trx, invoice.id)
    await insertLines(
      trx,
      lines.map((line) => ({
        company_id: viewer.companyId,
        invoice_id: id,
        position: line.position,
        kind: line.kind,
        fee_type: line.fee_type,
        quantity: line.quantity,
        unit_cents: line.unit_cents,
        billed_cents: line.billed_cents,
        needs_approval: line.needs_approval,
        debtor_billable: line.debtor_billable,
        unpriced: line.unpriced,
        fee_request_id: line.fee_request_id,
      })),
    )
    await recordInvoiceChange(trx, viewer, invoice, {
      action: 'invoice.resubmitted',
      oldValue: `${invoice.number} Rejected`,
      newValue: `${number} Draft (revision ${revision + 1} of ${invoice.number})`,
      detail: { revision: number },
      ip,
    })
    return id
  })
  return invoiceDetail(deps, viewer, revisionId, now)
}

/**
 * The vehicle left the lot (released or transported, issue 20): storage stops on the case's
 * draft invoices that still count it (a sent invoice fixed its storage when it went out).
 */
export async function stopCaseStorage(
  trx: Transaction<DB>,
  companyId: string,
  caseKey: string,
  at: Date,
  event: 'release' | 'transport',
) {
  const drafts = await trx
    .selectFrom('invoices')
    .select('id')
    .where('company_id', '=', companyId)
    .where('case_key', '=', caseKey)
    .where('status', '=', 'draft')
    .where('storage_stopped_at', 'is', null)
    .execute()
  for (const { id } of drafts) {
    const invoice = await lockInvoice(trx, companyId, id)
    if (invoice && isEditable(invoice.status)) await freezeStorage(trx, invoice, at, event)
  }
}

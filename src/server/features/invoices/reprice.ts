import type { Transaction } from 'kysely'
import { isEditable } from '../../../domain/billing/invoice-status'
import { formatCents } from '../../../domain/billing/money'
import type { AppDeps, Viewer } from '../../app-env'
import { copyRows } from '../../db/bulk-insert'
import type { DB } from '../../db/schema'
import { AppError, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { loadSubjects } from './draft-subjects'
import { invoiceFacts, rowsOfPlan } from './draft-writer'
import { loadCardsOfClients, loadDerivedCodes } from './drafting-repository'
import {
  approvedForDraft,
  askedRateCardFees,
  attachRequests,
  dropWaitingRateCardRequests,
} from './fee-request-repository'
import { invoiceEvent, writeInvoiceEvents } from './invoice-events'
import { deleteLines, type LockedInvoice, lockInvoice, updateInvoice } from './repository'
import { INVOICE_NOT_FOUND, invoiceDetail } from './service'
import { planSubject } from './subject-plan'

/** Who a reprice is written as: a person pressing Reprice, or the one whose change queued it (none: the system). */
export type RepriceActor = { userId: string | null; profileId: string | null; source?: 'person' | 'system' }

/**
 * Prices a draft again from its case and its client's rate card as they are now (a rate set after
 * drafting, a case edited): its lines are planned anew; the fee requests it made while waiting go,
 * approved ones stay on it.
 */
export async function repriceDraft(deps: AppDeps, viewer: Viewer, invoiceId: string, ip: string, now = new Date()) {
  await deps.db.transaction().execute(async (trx) => {
    const invoice = await lockInvoice(trx, viewer.companyId, invoiceId)
    if (!invoice) throw notFound(INVOICE_NOT_FOUND)
    if (!isEditable(invoice.status)) throw new AppError('conflict', 'Only a draft can be repriced.')
    const repriced = await repriceLocked(trx, viewer.companyId, invoice, viewer, ip, now)
    if (!repriced) throw new AppError('conflict', 'This invoice’s case is no longer on file.')
  })
  return invoiceDetail(deps, viewer, invoiceId, now)
}

/** Reprices a draft already locked; false when its case is no longer on file. */
export async function repriceLocked(
  trx: Transaction<DB>,
  companyId: string,
  invoice: LockedInvoice,
  actor: RepriceActor,
  ip: string | null,
  now: Date,
) {
  const [subject] = await loadSubjects(trx, companyId, [invoice])
  if (!subject) return false
  await dropWaitingRateCardRequests(trx, invoice.id)
  const [approved, asked, cards, knownCodes] = await Promise.all([
    approvedForDraft(trx, companyId, invoice.case_key, invoice.id),
    askedRateCardFees(trx, companyId, invoice.case_key),
    subject.clientId ? loadCardsOfClients(trx, companyId, [subject.clientId]) : [],
    loadDerivedCodes(trx, companyId, [subject.caseKey]),
  ])
  // A stop event already recorded still ends the storage; a rate asked for already is not asked again.
  const drafted = planSubject(subject, cards, approved, knownCodes, invoice.storage_stopped_at ?? now, asked)
  const facts = invoiceFacts(subject, drafted)
  const rows = rowsOfPlan(companyId, invoice.id, subject, drafted.plan, now.toISOString())
  await deleteLines(trx, invoice.id)
  await copyRows(trx, 'fee_requests', rows.requests)
  await copyRows(trx, 'invoice_lines', rows.lines)
  await attachRequests(
    trx,
    approved.map((request) => request.id),
    invoice.id,
  )
  await updateInvoice(trx, invoice.id, facts)
  await writeInvoiceEvents(trx, [
    invoiceEvent(
      companyId,
      { orderId: invoice.order_id, rdnCaseId: invoice.rdn_case_id },
      {
        field: 'invoice',
        oldValue: `${invoice.number} ${formatCents(Number(invoice.billed_cents))}`,
        newValue: `${invoice.number} ${formatCents(facts.billed_cents)}`,
      },
      actor.profileId,
      actor.source ?? 'person',
    ),
  ])
  await recordAudit(trx, {
    action: 'invoice.repriced',
    companyId,
    actorUserId: actor.userId,
    target: `invoice:${invoice.id}`,
    detail: { number: invoice.number, from: Number(invoice.billed_cents), to: facts.billed_cents },
    ip,
  })
  return true
}

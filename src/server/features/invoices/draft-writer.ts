import { randomUUID } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { DraftPlan } from '../../../domain/billing/draft-plan'
import { invoiceNumber } from '../../../domain/billing/invoice-status'
import { copyRows } from '../../db/bulk-insert'
import type { DB } from '../../db/schema'
import type { DraftSubject } from './draft-subjects'
import { takeInvoiceNumbers } from './drafting-repository'
import { attachRequests } from './fee-request-repository'
import { type InvoiceEvent, invoiceEvent, writeInvoiceEvents } from './invoice-events'
import type { SubjectPlan } from './subject-plan'

// Drafts as rows: what a planned draft writes, all of a batch at once by COPY.

export type PlannedDraft = { subject: DraftSubject } & SubjectPlan & {
    /** A supplement's place among the case's invoices, and the invoice it adds to. */
    revision?: number
    supplements?: string | null
  }

/** The fee request and line rows of a planned draft: an approved derived request is tied to its line. */
export function rowsOfPlan(
  companyId: string,
  invoiceId: string,
  subject: DraftSubject,
  plan: DraftPlan,
  nowText: string,
) {
  const requestIds = new Map<string, string>()
  const requests = plan.requests.map((request) => {
    const requestId = randomUUID()
    if (request.derivedCode) requestIds.set(request.derivedCode, requestId)
    return {
      id: requestId,
      company_id: companyId,
      case_key: subject.caseKey,
      order_id: subject.orderId,
      rdn_case_id: subject.rdnCaseId,
      fee_type: request.feeType,
      amount_cents: request.amountCents,
      status: request.status,
      source: request.source,
      derived_code: request.derivedCode,
      rule: request.rule,
      invoice_id: invoiceId,
      requested_at: request.status === 'waiting' ? null : nowText,
      decided_at: request.status === 'approved' || request.status === 'declined' ? nowText : null,
    }
  })
  const lines = plan.lines.map((line, position) => ({
    company_id: companyId,
    invoice_id: invoiceId,
    position,
    kind: line.kind,
    fee_type: line.feeType,
    quantity: line.quantity,
    unit_cents: line.unitCents,
    billed_cents: line.amountCents,
    needs_approval: line.needsApproval,
    debtor_billable: line.debtorBillable,
    unpriced: line.unpriced,
    fee_request_id: line.feeRequestId ?? (line.derivedCode ? (requestIds.get(line.derivedCode) ?? null) : null),
  }))
  return { requests, lines }
}

/** What an invoice copies of its case and its pricing (the document shows it; a later edit never changes a sent one). */
export function invoiceFacts(subject: DraftSubject, drafted: Omit<PlannedDraft, 'subject'>) {
  const { card, version, plan } = drafted
  return {
    client_id: subject.clientId,
    case_label: subject.label,
    vin: subject.vin,
    vehicle: subject.vehicle,
    debtor_name: subject.debtorName,
    lienholder_name: subject.lienholderName,
    lot_name: subject.lotName,
    case_state: subject.facts.state,
    repossessed_at: subject.facts.repossessedAt?.toISOString() ?? null,
    completed_on: subject.completedOn,
    rate_card_id: card?.id ?? null,
    rate_card_version: version?.version ?? null,
    pricing_note: plan.note,
    window_days: plan.windowDays,
    storage_free_days: plan.storage?.freeDays ?? null,
    storage_daily_cents: plan.storage?.dailyCents ?? null,
    storage_cap_cents: plan.storage?.capCents ?? null,
    storage_started_at: plan.storage ? (subject.facts.repossessedAt?.toISOString() ?? null) : null,
    billed_cents: plan.lines.reduce((sum, line) => sum + line.amountCents, 0),
  }
}

/** Writes planned drafts: numbers, invoices, fee requests, lines, timeline and audit entries. */
export async function writeDrafts(trx: Transaction<DB>, companyId: string, planned: PlannedDraft[], now: Date) {
  if (planned.length === 0) return []
  const first = await takeInvoiceNumbers(trx, companyId, planned.length)
  const invoices: Record<string, unknown>[] = []
  const requests: Record<string, unknown>[] = []
  const lines: Record<string, unknown>[] = []
  const events: InvoiceEvent[] = []
  const nowText = now.toISOString()
  planned.forEach(({ subject, card, version, plan, revision, supplements }, index) => {
    const id = randomUUID()
    const number = invoiceNumber(first + index)
    invoices.push({
      id,
      company_id: companyId,
      number,
      case_key: subject.caseKey,
      order_id: subject.orderId,
      rdn_case_id: subject.rdnCaseId,
      revision: revision ?? 1,
      supplements: supplements ?? null,
      ...invoiceFacts(subject, { card, version, plan }),
      created_at: nowText,
    })
    const rows = rowsOfPlan(companyId, id, subject, plan, nowText)
    requests.push(...rows.requests)
    lines.push(...rows.lines)
    events.push(
      invoiceEvent(
        companyId,
        subject,
        { field: 'invoice', oldValue: null, newValue: `${number} Draft` },
        null,
        'system',
      ),
    )
  })
  await copyRows(trx, 'invoices', invoices)
  await copyRows(trx, 'fee_requests', requests)
  await copyRows(trx, 'invoice_lines', lines)
  await writeInvoiceEvents(trx, events)
  await copyRows(
    trx,
    'audit_log',
    invoices.map((invoice) => ({
      action: 'invoice.drafted',
      company_id: companyId,
      target: `invoice:${invoice.id}`,
      detail: JSON.stringify({ number: invoice.number, caseKey: invoice.case_key, billedCents: invoice.billed_cents }),
    })),
  )
  // Approved fee requests now on a draft: one statement per draft that takes any.
  for (const [index, { plan }] of planned.entries()) {
    const requestIds = plan.lines.flatMap((line) => (line.feeRequestId ? [line.feeRequestId] : []))
    await attachRequests(trx, requestIds, invoices[index].id as string)
  }
  return invoices.map((invoice) => invoice.id as string)
}

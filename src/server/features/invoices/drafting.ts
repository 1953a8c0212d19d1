import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { type CaseToDraft, type DraftPlan, planDraft } from '../../../domain/billing/draft-plan'
import { feeTypeOfRequest } from '../../../domain/billing/fee-catalog'
import { invoiceNumber } from '../../../domain/billing/invoice-status'
import { versionInForce } from '../../../domain/billing/pricing'
import { parseSubstatuses } from '../../../domain/cases/case-view'
import { mapStorageLocation } from '../../../domain/cases/storage-location'
import { deriveFeeRequests, type OrderSubStatusLink } from '../../../domain/orders/fee-requests'
import { copyRows } from '../../db/bulk-insert'
import type { DB } from '../../db/schema'
import {
  type CardWithVersions,
  casesWithInvoices,
  dequeueCases,
  loadApprovedFeeRequests,
  loadCardsOfClients,
  loadDerivedCodes,
  loadOrdersToDraft,
  loadRdnCasesToDraft,
  loadSubStatuses,
  takeInvoiceNumbers,
  takeQueuedCases,
} from './drafting-repository'
import { type InvoiceEvent, invoiceEvent, writeInvoiceEvents } from './invoice-events'

function groupBy<T>(items: readonly T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}

/** Cases drafted in one transaction: issue 17 asks for 10,000 recoveries in one batch. */
export const DRAFT_BATCH = 10_000

/** A case as drafting reads it, from an order or an RDN case. */
export type DraftSubject = {
  caseKey: string
  orderId: string | null
  rdnCaseId: string | null
  label: string
  clientId: string | null
  lienholderName: string | null
  /** The repossession day, the version's day; the completion day the client's window counts from. */
  repossessedOn: string | null
  completedOn: string | null
  vin: string | null
  vehicle: string | null
  debtorName: string | null
  lotName: string | null
  subStatuses: OrderSubStatusLink[]
  facts: Omit<CaseToDraft, 'derivedRequests' | 'approvedRequests'>
}

const vehicleOf = (row: { year: number | null; make: string | null; model: string | null }) =>
  [row.year, row.make, row.model].filter(Boolean).join(' ') || null

const dayOf = (moment: Date | null) => moment?.toISOString().slice(0, 10) ?? null

/** The moment of a repossession day and its time ('HH:MM', else midnight UTC). */
function repossessionMoment(day: string | null, time: string | null): Date | null {
  if (day === null) return null
  const clock = time && /^\d{1,2}:\d{2}/.test(time) ? time.padStart(5, '0').slice(0, 5) : '00:00'
  const moment = new Date(`${day}T${clock}:00Z`)
  return Number.isNaN(moment.getTime()) ? new Date(`${day}T00:00:00Z`) : moment
}

export async function loadSubjects(
  db: Transaction<DB>,
  companyId: string,
  queued: { order_id: string | null; rdn_case_id: string | null }[],
) {
  const orderIds = queued.flatMap((row) => (row.order_id ? [row.order_id] : []))
  const rdnIds = queued.flatMap((row) => (row.rdn_case_id ? [row.rdn_case_id] : []))
  const [orders, rdnCases] = await Promise.all([
    loadOrdersToDraft(db, companyId, orderIds),
    loadRdnCasesToDraft(db, companyId, rdnIds),
  ])
  const caseNumbers = [...new Set(orders.flatMap((order) => (order.case_number ? [order.case_number] : [])))]
  const links = await loadSubStatuses(db, companyId, caseNumbers)
  const subjects: DraftSubject[] = orders.map((order) => {
    const repossessed = order.recovery_date !== null || order.status === 'Repossessed'
    const repossessedAt = repossessed ? (repossessionMoment(order.recovery_date, order.recovery_time) ?? null) : null
    return {
      caseKey: `order:${order.id}`,
      orderId: order.id,
      rdnCaseId: null,
      label: order.order_number || order.case_number || order.id,
      clientId: order.client_id,
      lienholderName: order.lienholder_name,
      repossessedOn: order.recovery_date,
      completedOn: order.recovery_date ?? order.close_date,
      vin: order.vin,
      vehicle: vehicleOf(order),
      debtorName: order.borrower_name,
      lotName: order.recovery_location,
      subStatuses: links.filter((link) => link.case_number === order.case_number),
      facts: {
        orderType: order.repo_type,
        market: order.detected_market,
        state: order.recovery_state ?? order.borrower_state,
        repossessed,
        repossessedAt,
      },
    }
  })
  for (const rdnCase of rdnCases) {
    const repossessedAt = rdnCase.time_marked_repossessed ?? repossessionMoment(rdnCase.repo_date, null)
    const repossessed = repossessedAt !== null || rdnCase.status === 'Repossessed'
    const repossessedOn = rdnCase.repo_date ?? dayOf(rdnCase.time_marked_repossessed)
    subjects.push({
      caseKey: `rdn:${rdnCase.id}`,
      orderId: null,
      rdnCaseId: rdnCase.id,
      label: rdnCase.case_number || String(rdnCase.case_id),
      clientId: rdnCase.client_id,
      lienholderName: rdnCase.lienholder_name,
      repossessedOn,
      completedOn: repossessedOn ?? rdnCase.close_date,
      vin: rdnCase.vin,
      vehicle: vehicleOf(rdnCase),
      debtorName: rdnCase.debtor_name,
      lotName: mapStorageLocation('Repossessed', rdnCase.storage_location_name),
      subStatuses: parseSubstatuses(rdnCase.substatus).map((code) => ({
        sub_status_code: code,
        assigned_at: rdnCase.updated_at,
        active: true,
      })),
      facts: {
        orderType: rdnCase.order_type,
        market: rdnCase.detected_market,
        state: rdnCase.recovery_state ?? rdnCase.debtor_state,
        repossessed,
        repossessedAt: repossessed ? (repossessedAt ?? null) : null,
      },
    })
  }
  return subjects
}

/** The card that prices a case: its client's card for its lienholder first, else the client's own. */
function cardFor(cards: CardWithVersions[], subject: DraftSubject) {
  const ofClient = cards.filter((card) => card.clientId === subject.clientId)
  const lienholder = subject.lienholderName?.trim().toLowerCase()
  return (
    (lienholder ? ofClient.find((card) => card.lienholderName?.toLowerCase() === lienholder) : undefined) ??
    ofClient.find((card) => card.lienholderName === null) ??
    null
  )
}

/** The plan of one case's draft, with the card and version that priced it. */
export function planSubject(
  subject: DraftSubject,
  cards: CardWithVersions[],
  approved: CaseToDraft['approvedRequests'],
  knownCodes: Set<string>,
  now: Date,
) {
  const card = cardFor(cards, subject)
  const day = subject.repossessedOn ?? now.toISOString().slice(0, 10)
  const version = card ? versionInForce(card.versions, day) : null
  const derivedRequests = deriveFeeRequests(subject.subStatuses)
    .filter((request) => !knownCodes.has(`${subject.caseKey}|${request.code}`))
    .map((request) => ({ code: request.code, feeType: feeTypeOfRequest(request.type).code, status: request.status }))
  const reason =
    subject.clientId === null
      ? 'This case has no client to bill.'
      : card
        ? `No version of the rate card is in force on ${day}.`
        : 'This case’s client has no rate card.'
  const plan = planDraft(version, { ...subject.facts, derivedRequests, approvedRequests: approved }, now, reason)
  return { card, version, plan }
}

/** Whether a plan bills anything: a case closed without a fee gets no invoice. */
const billsSomething = (subject: DraftSubject, plan: DraftPlan) =>
  subject.facts.repossessed || plan.lines.length > 0 || plan.requests.length > 0

/**
 * Drafts the invoices of queued cases, `DRAFT_BATCH` at a time, until the queue is empty (of the
 * company, or of every company). Each batch is one transaction: numbers taken at once, invoices,
 * lines, fee requests, timeline entries and audit entries written by COPY. Returns how many drafted.
 */
export async function draftQueuedInvoices(db: Kysely<DB>, companyId: string | null, now = new Date()) {
  let drafted = 0
  for (;;) {
    const { taken, made } = await db.transaction().execute(async (trx) => {
      const queued = await takeQueuedCases(trx, companyId, DRAFT_BATCH)
      const byCompany = groupBy(queued, (row) => row.company_id)
      let made = 0
      for (const [company, rows] of byCompany) made += await draftCompanyBatch(trx, company, rows, now)
      return { taken: queued.length, made }
    })
    drafted += made
    if (taken < DRAFT_BATCH) return drafted
  }
}

async function draftCompanyBatch(
  trx: Transaction<DB>,
  companyId: string,
  queued: { case_key: string; order_id: string | null; rdn_case_id: string | null }[],
  now: Date,
) {
  const keys = queued.map((row) => row.case_key)
  const invoiced = await casesWithInvoices(trx, companyId, keys)
  const subjects = (
    await loadSubjects(
      trx,
      companyId,
      queued.filter((row) => !invoiced.has(row.case_key)),
    )
  ).filter((subject) => !invoiced.has(subject.caseKey))
  const clientIds = [...new Set(subjects.flatMap((subject) => (subject.clientId ? [subject.clientId] : [])))]
  const subjectKeys = subjects.map((subject) => subject.caseKey)
  const [cards, approved, knownCodes] = await Promise.all([
    loadCardsOfClients(trx, companyId, clientIds),
    loadApprovedFeeRequests(trx, companyId, subjectKeys),
    loadDerivedCodes(trx, companyId, subjectKeys),
  ])
  const approvedOf = groupBy(approved, (request) => request.case_key)
  const planned = subjects
    .map((subject) => {
      const requests = (approvedOf.get(subject.caseKey) ?? []).map((request) => ({
        id: request.id,
        feeType: request.fee_type,
        amountCents: Number(request.amount_cents),
      }))
      return { subject, ...planSubject(subject, cards, requests, knownCodes, now) }
    })
    .filter(({ subject, plan }) => billsSomething(subject, plan))
  await writeDrafts(trx, companyId, planned, now)
  await dequeueCases(trx, companyId, keys)
  return planned.length
}

export type PlannedDraft = { subject: DraftSubject } & ReturnType<typeof planSubject>

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
  planned.forEach(({ subject, card, version, plan }, index) => {
    const id = randomUUID()
    const number = invoiceNumber(first + index)
    invoices.push({
      id,
      company_id: companyId,
      number,
      case_key: subject.caseKey,
      order_id: subject.orderId,
      rdn_case_id: subject.rdnCaseId,
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
  // Approved fee requests now on a draft.
  const attached = planned.flatMap(({ plan }) =>
    plan.lines.flatMap((line) => (line.feeRequestId ? [line.feeRequestId] : [])),
  )
  if (attached.length > 0) {
    const invoiceOf = new Map(
      planned.flatMap(({ plan }, index) =>
        plan.lines.flatMap((line) => (line.feeRequestId ? [[line.feeRequestId, invoices[index].id as string]] : [])),
      ),
    )
    for (const [requestId, invoiceId] of invoiceOf) {
      await trx.updateTable('fee_requests').set({ invoice_id: invoiceId }).where('id', '=', requestId).execute()
    }
  }
  return invoices.map((invoice) => invoice.id as string)
}

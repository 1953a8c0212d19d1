import type { Kysely, Transaction } from 'kysely'
import { approvedRequestLine, type DraftPlan } from '../../../domain/billing/draft-plan'
import type { DB } from '../../db/schema'
import { appendLines } from './draft-lines'
import { type DraftSubject, loadSubjects } from './draft-subjects'
import { type PlannedDraft, writeDrafts } from './draft-writer'
import {
  companiesQueued,
  dequeueCases,
  invoicesOfCases,
  loadApprovedFeeRequests,
  loadCardsOfClients,
  loadDerivedCodes,
  takeQueuedCases,
} from './drafting-repository'
import { planSubject } from './subject-plan'

function groupBy<T>(items: readonly T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}

/**
 * Cases drafted in one transaction at most, and at first (issue 42). A batch holds a connection
 * (PGlite's only one) while it runs, so its size follows how long the last one took: about
 * DRAFT_BATCH_TARGET_MS each, whatever the database and however busy the machine.
 */
export const DRAFT_BATCH = 500
export const DRAFT_BATCH_FIRST = 50
export const DRAFT_BATCH_MIN = 5
export const DRAFT_BATCH_TARGET_MS = 50

/** The next batch's size after `size` cases took `tookMs`: toward the target, at most doubling, within bounds. */
export function nextDraftBatch(size: number, tookMs: number) {
  const aimed = Math.round((size * DRAFT_BATCH_TARGET_MS) / Math.max(tookMs, 1))
  return Math.max(DRAFT_BATCH_MIN, Math.min(DRAFT_BATCH, size * 2, aimed))
}

/** Lets requests waiting for the database (PGlite has one connection) go before the next batch. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Whether a plan bills anything: a case closed without a fee gets no invoice. */
const billsSomething = (subject: DraftSubject, plan: DraftPlan) =>
  subject.facts.repossessed || plan.lines.length > 0 || plan.requests.length > 0

/**
 * Drafts the invoices of queued cases (of the company, or of every company), oldest first, in
 * batches sized by nextDraftBatch, one transaction per batch and company (one company's failure
 * never holds another's), yielding between batches: numbers taken at once; invoices, lines, fee requests, timeline and
 * audit entries written by COPY. A case with an invoice already gets a supplement for fees approved
 * since. Runs in the background (drafting-schedule.ts), never inside a read. `keepGoing` is asked
 * before each batch (a server shutting down stops between two). Returns how many drafted.
 */
export async function draftQueuedInvoices(
  db: Kysely<DB>,
  companyId: string | null,
  now = new Date(),
  keepGoing: () => boolean = () => true,
) {
  let drafted = 0
  let size = DRAFT_BATCH_FIRST
  for (const company of companyId === null ? await companiesQueued(db) : [companyId]) {
    for (;;) {
      if (!keepGoing()) return drafted
      const started = performance.now()
      const { taken, made } = await db.transaction().execute(async (trx) => {
        const queued = await takeQueuedCases(trx, company, size)
        return { taken: queued.length, made: await draftCompanyBatch(trx, company, queued, now) }
      })
      drafted += made
      if (taken < size) break
      size = nextDraftBatch(size, performance.now() - started)
      await nextTurn()
    }
  }
  return drafted
}

/** Drafts one queued case now (a supplement for a fee just approved, so it shows at once); 0 when it is not queued. */
export function draftQueuedCase(db: Kysely<DB>, companyId: string, caseKey: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const queued = await takeQueuedCases(trx, companyId, 1, caseKey)
    return draftCompanyBatch(trx, companyId, queued, now)
  })
}

async function draftCompanyBatch(
  trx: Transaction<DB>,
  companyId: string,
  queued: { case_key: string; order_id: string | null; rdn_case_id: string | null }[],
  now: Date,
) {
  if (queued.length === 0) return 0
  const keys = queued.map((row) => row.case_key)
  const existing = groupBy(await invoicesOfCases(trx, companyId, keys), (invoice) => invoice.case_key)
  const subjects = await loadSubjects(trx, companyId, queued)
  const fresh = subjects.filter((subject) => !existing.has(subject.caseKey))
  const clientIds = [...new Set(fresh.flatMap((subject) => (subject.clientId ? [subject.clientId] : [])))]
  const [cards, approved, knownCodes] = await Promise.all([
    loadCardsOfClients(trx, companyId, clientIds),
    loadApprovedFeeRequests(
      trx,
      companyId,
      subjects.map((subject) => subject.caseKey),
    ),
    loadDerivedCodes(
      trx,
      companyId,
      fresh.map((subject) => subject.caseKey),
    ),
  ])
  const approvedOf = groupBy(
    approved.map((request) => ({
      caseKey: request.case_key,
      id: request.id,
      feeType: request.fee_type,
      amountCents: Number(request.amount_cents),
    })),
    (request) => request.caseKey,
  )
  const planned: PlannedDraft[] = fresh
    .map((subject) => ({
      subject,
      ...planSubject(subject, cards, approvedOf.get(subject.caseKey) ?? [], knownCodes, now),
    }))
    .filter(({ subject, plan }) => billsSomething(subject, plan))
  const later = subjects.filter((subject) => existing.has(subject.caseKey) && approvedOf.has(subject.caseKey))
  const supplements = await attachLaterFees(trx, companyId, later, existing, approvedOf)
  await writeDrafts(trx, companyId, [...planned, ...supplements], now)
  await dequeueCases(trx, companyId, keys)
  return planned.length + supplements.length
}

/**
 * Fees approved after a case's invoice was drafted: onto its draft when it has one, else a
 * supplement (a new draft of just those fees) to the invoice already sent.
 */
async function attachLaterFees(
  trx: Transaction<DB>,
  companyId: string,
  subjects: DraftSubject[],
  existing: Map<string, Awaited<ReturnType<typeof invoicesOfCases>>>,
  approvedOf: Map<string, { id: string; feeType: string; amountCents: number }[]>,
): Promise<PlannedDraft[]> {
  const supplements: PlannedDraft[] = []
  for (const subject of subjects) {
    const invoices = existing.get(subject.caseKey) ?? []
    const requests = approvedOf.get(subject.caseKey) ?? []
    const lines = requests.map((request) => approvedRequestLine(request))
    const draft = invoices.find((invoice) => invoice.status === 'draft')
    if (draft) {
      await appendLines(trx, companyId, draft, lines)
      continue
    }
    const latest = invoices.at(-1)
    supplements.push({
      subject,
      card: null,
      version: null,
      plan: { lines, requests: [], windowDays: null, storage: null, note: null },
      revision: (latest?.revision ?? 0) + 1,
      supplements: latest?.id ?? null,
    })
  }
  return supplements
}

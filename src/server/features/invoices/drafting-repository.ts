import { type Kysely, sql, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { loadVersions, type StoredVersion } from '../fees/repository'

type Db = Kysely<DB> | Transaction<DB>

/**
 * Up to `limit` of a company's cases queued for a draft (migration 029's triggers), oldest first, or
 * just the one case; locked so two drafters never take the same case.
 */
export function takeQueuedCases(db: Transaction<DB>, companyId: string, limit: number, caseKey?: string) {
  return db
    .selectFrom('invoice_draft_queue')
    .select(['case_key', 'order_id', 'rdn_case_id'])
    .where('company_id', '=', companyId)
    .$if(caseKey !== undefined, (query) => query.where('case_key', '=', caseKey as string))
    .orderBy('queued_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute()
}

/**
 * How many of a company's cases wait for their draft (Invoice Management says so), counted up to
 * `upTo` + 1: after an import of 150,000 recoveries an exact count read the whole queue on every view.
 */
export async function countQueuedCases(db: Db, companyId: string, upTo: number) {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('invoice_draft_queue')
        .select('case_key')
        .where('company_id', '=', companyId)
        .limit(upTo + 1)
        .as('q'),
    )
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Whether a case waits for its draft (its detail says so, and looks again until it has it). */
export async function isCaseQueued(db: Db, companyId: string, caseKey: string) {
  const row = await db
    .selectFrom('invoice_draft_queue')
    .select('case_key')
    .where('company_id', '=', companyId)
    .where('case_key', '=', caseKey)
    .executeTakeFirst()
  return row !== undefined
}

export function dequeueCases(db: Transaction<DB>, companyId: string, caseKeys: string[]) {
  if (caseKeys.length === 0) return Promise.resolve()
  return db
    .deleteFrom('invoice_draft_queue')
    .where('company_id', '=', companyId)
    .where('case_key', '=', sql<string>`any(${caseKeys}::text[])`)
    .execute()
}

/** The invoices these cases have already: a first draft is made once; later fees go on a supplement. */
export function invoicesOfCases(db: Db, companyId: string, caseKeys: string[]) {
  if (caseKeys.length === 0) return Promise.resolve([])
  return db
    .selectFrom('invoices')
    .select(['id', 'case_key', 'status', 'revision', 'billed_cents'])
    .where('company_id', '=', companyId)
    .where('case_key', '=', sql<string>`any(${caseKeys}::text[])`)
    .orderBy('revision')
    .execute()
}

/** The companies with cases queued for a draft. */
export async function companiesQueued(db: Db) {
  const rows = await db.selectFrom('invoice_draft_queue').select('company_id').distinct().execute()
  return rows.map((row) => row.company_id)
}

/** Locks a case's place in the queue (waiting out a batch drafting it); null when it is not queued. */
export function lockQueuedCase(db: Transaction<DB>, companyId: string, caseKey: string) {
  return db
    .selectFrom('invoice_draft_queue')
    .select('case_key')
    .where('company_id', '=', companyId)
    .where('case_key', '=', caseKey)
    .forUpdate()
    .executeTakeFirst()
}

/** Queues a case again: an approved fee that found no draft goes on a supplement. */
export function queueCase(
  db: Db,
  companyId: string,
  target: { caseKey: string; orderId: string | null; rdnCaseId: string | null },
) {
  return db
    .insertInto('invoice_draft_queue')
    .values({
      company_id: companyId,
      case_key: target.caseKey,
      order_id: target.orderId,
      rdn_case_id: target.rdnCaseId,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute()
}

/** What drafting reads of orders: the case, its client, repossession, place, and what the document shows. */
export function loadOrdersToDraft(db: Db, companyId: string, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('orders')
    .select([
      'id',
      'case_number',
      'order_number',
      'client_id',
      'lienholder_name',
      'status',
      'repo_type',
      'recovery_date',
      'repossessed_at',
      'close_date',
      'detected_market',
      'recovery_state',
      'borrower_state',
      'recovery_location',
      'vin',
      'year',
      'make',
      'model',
      'borrower_name',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', sql<string>`any(${orderIds}::uuid[])`)
    .execute()
}

/** The active sub-status links of these case numbers (fee requests derive from them). */
export function loadSubStatuses(db: Db, companyId: string, caseNumbers: string[]) {
  if (caseNumbers.length === 0) return Promise.resolve([])
  return db
    .selectFrom('order_sub_statuses')
    .select(['case_number', 'sub_status_code', 'assigned_at', 'active'])
    .where('company_id', '=', companyId)
    .where('case_number', '=', sql<string>`any(${caseNumbers}::text[])`)
    .where('active', '=', true)
    .execute()
}

/** The same of RDN cases, with the client their lender (else lienholder) name is. */
export function loadRdnCasesToDraft(db: Db, companyId: string, rowIds: string[]) {
  if (rowIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('rdn_cases as c')
    .select([
      'c.id',
      'c.case_id',
      'c.case_number',
      'c.lender_name',
      'c.lienholder_name',
      'c.order_type',
      'c.status',
      'c.repo_date',
      'c.close_date',
      'c.time_marked_repossessed',
      'c.detected_market',
      'c.recovery_state',
      'c.debtor_state',
      'c.substatus',
      'c.updated_at',
      'c.vin',
      'c.year',
      'c.make',
      'c.model',
      'c.debtor_name',
      'c.storage_location_name',
      'c.client_id',
    ])
    .where('c.company_id', '=', companyId)
    .where('c.id', '=', sql<string>`any(${rowIds}::uuid[])`)
    .execute()
}

export type CardWithVersions = {
  id: string
  clientId: string
  lienholderName: string | null
  versions: StoredVersion[]
}

/** Every rate card of these clients, each with its versions and rows. */
export async function loadCardsOfClients(db: Db, companyId: string, clientIds: string[]): Promise<CardWithVersions[]> {
  if (clientIds.length === 0) return []
  const cards = await db
    .selectFrom('rate_cards')
    .select(['id', 'client_id', 'lienholder_name'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', sql<string>`any(${clientIds}::uuid[])`)
    .execute()
  return Promise.all(
    cards.map(async (card) => ({
      id: card.id,
      clientId: card.client_id,
      lienholderName: card.lienholder_name,
      versions: await loadVersions(db, companyId, card.id),
    })),
  )
}

/** Fee requests of these cases that are approved and on no invoice yet: they go on the draft. */
export function loadApprovedFeeRequests(db: Db, companyId: string, caseKeys: string[]) {
  if (caseKeys.length === 0) return Promise.resolve([])
  return db
    .selectFrom('fee_requests')
    .select(['id', 'case_key', 'fee_type', 'amount_cents', 'derived_code'])
    .where('company_id', '=', companyId)
    .where('case_key', '=', sql<string>`any(${caseKeys}::text[])`)
    .where('status', '=', 'approved')
    .where('invoice_id', 'is', null)
    .execute()
}

/** The derived fee requests these cases already have, by case and sub-status code. */
export async function loadDerivedCodes(db: Db, companyId: string, caseKeys: string[]) {
  if (caseKeys.length === 0) return new Set<string>()
  const rows = await db
    .selectFrom('fee_requests')
    .select(['case_key', 'derived_code'])
    .where('company_id', '=', companyId)
    .where('case_key', '=', sql<string>`any(${caseKeys}::text[])`)
    .where('derived_code', 'is not', null)
    .execute()
  return new Set(rows.map((row) => `${row.case_key}|${row.derived_code}`))
}

/** Takes `count` invoice numbers for the company; returns the first. */
export async function takeInvoiceNumbers(db: Transaction<DB>, companyId: string, count: number) {
  const row = await db
    .insertInto('invoice_counters')
    .values({ company_id: companyId, last_number: count })
    .onConflict((conflict) =>
      conflict.column('company_id').doUpdateSet({ last_number: sql`invoice_counters.last_number + ${count}` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow()
  return Number(row.last_number) - count + 1
}

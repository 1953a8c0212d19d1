import type { Insertable, Kysely, Transaction, Updateable } from 'kysely'
import type { FeeRequestState } from '../../../domain/billing/fee-request-status'
import type { DB } from '../../db/schema'
import type { FeeRequestsTable } from '../../db/schema/invoices'

type Db = Kysely<DB> | Transaction<DB>

const requestColumns = [
  'r.id',
  'r.case_key',
  'r.order_id',
  'r.rdn_case_id',
  'r.fee_type',
  'r.amount_cents',
  'r.status',
  'r.source',
  'r.derived_code',
  'r.rule',
  'r.note',
  'r.invoice_id',
  'invoice.number as invoice_number',
  'invoice.case_label',
  'r.requested_at',
  'r.decided_at',
  'r.created_at',
] as const

const requestsWithInvoice = (db: Db) =>
  db.selectFrom('fee_requests as r').leftJoin('invoices as invoice', 'invoice.id', 'r.invoice_id')

type FeeRequestScope = {
  companyId: string
  statuses: readonly FeeRequestState[]
  caseKey: string | null
  limit: number
  offset: number
}

/**
 * The statement of a page of fee requests, newest first. The open ones (Waiting and Requested)
 * are read in the order of their own index (migration 051), a page at a time.
 */
export function feeRequestsPage(db: Db, scope: FeeRequestScope) {
  let query = requestsWithInvoice(db)
    .select(requestColumns)
    .select((eb) =>
      eb
        .selectFrom('fee_request_files as file')
        .select((count) => count.fn.countAll<number>().as('files'))
        .whereRef('file.fee_request_id', '=', 'r.id')
        .as('file_count'),
    )
    .where('r.company_id', '=', scope.companyId)
    .where('r.status', 'in', scope.statuses)
  if (scope.caseKey) query = query.where('r.case_key', '=', scope.caseKey)
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(scope.limit).offset(scope.offset)
}

/** A page of fee requests in these states, newest first, with how many evidence files each has. */
export const listFeeRequests = (db: Db, scope: FeeRequestScope) => feeRequestsPage(db, scope).execute()

/** How many fee requests each status has (kept by migration 058's triggers). */
export function countFeeRequests(db: Db, companyId: string) {
  return db
    .selectFrom('fee_request_status_counts')
    .select(['status', 'requests as count'])
    .where('company_id', '=', companyId)
    .execute()
}

export function lockFeeRequest(db: Transaction<DB>, companyId: string, requestId: string) {
  return db
    .selectFrom('fee_requests')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', requestId)
    .forUpdate()
    .executeTakeFirst()
}

export function findFeeRequest(db: Db, companyId: string, requestId: string) {
  return db
    .selectFrom('fee_requests')
    .select(['id', 'case_key'])
    .where('company_id', '=', companyId)
    .where('id', '=', requestId)
    .executeTakeFirst()
}

export function insertFeeRequest(db: Transaction<DB>, request: Insertable<FeeRequestsTable>) {
  return db.insertInto('fee_requests').values(request).returning('id').executeTakeFirstOrThrow()
}

export function updateFeeRequest(db: Transaction<DB>, requestId: string, changes: Updateable<FeeRequestsTable>) {
  return db
    .updateTable('fee_requests')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', requestId)
    .execute()
}

/** The case's draft invoice, locked, if it has one: an approved request goes on it. */
export function lockDraftOfCase(db: Transaction<DB>, companyId: string, caseKey: string) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'billed_cents'])
    .where('company_id', '=', companyId)
    .where('case_key', '=', caseKey)
    .where('status', '=', 'draft')
    .orderBy('revision', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst()
}

export async function caseHasInvoice(db: Db, companyId: string, caseKey: string) {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('company_id', '=', companyId)
    .where('case_key', '=', caseKey)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function nextLinePosition(db: Db, invoiceId: string) {
  const row = await db
    .selectFrom('invoice_lines')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst()
  return row?.position === null || row?.position === undefined ? 0 : Number(row.position) + 1
}

export function listFiles(db: Db, requestId: string) {
  return db
    .selectFrom('fee_request_files')
    .select(['id', 'file_name', 'content_type', 'size_bytes', 'taken_at', 'latitude', 'longitude', 'created_at'])
    .where('fee_request_id', '=', requestId)
    .orderBy('created_at')
    .execute()
}

export function insertFile(
  db: Db,
  file: {
    companyId: string
    requestId: string
    fileName: string
    contentType: string
    data: Uint8Array
    takenAt: Date | null
    latitude: number | null
    longitude: number | null
    profileId: string
  },
) {
  return db
    .insertInto('fee_request_files')
    .values({
      company_id: file.companyId,
      fee_request_id: file.requestId,
      file_name: file.fileName,
      content_type: file.contentType,
      size_bytes: file.data.byteLength,
      data: file.data,
      taken_at: file.takenAt,
      latitude: file.latitude,
      longitude: file.longitude,
      metadata_removed: true,
      uploaded_by_profile_id: file.profileId,
    })
    .returning(['id', 'file_name', 'content_type', 'size_bytes', 'taken_at', 'latitude', 'longitude', 'created_at'])
    .executeTakeFirstOrThrow()
}

export function findFile(db: Db, companyId: string, requestId: string, fileId: string) {
  return db
    .selectFrom('fee_request_files')
    .select(['file_name', 'content_type', 'data', 'metadata_removed'])
    .where('company_id', '=', companyId)
    .where('fee_request_id', '=', requestId)
    .where('id', '=', fileId)
    .executeTakeFirst()
}

/** A reprice drops the requests its draft made for rates needing approval that were never sent. */
export function dropWaitingRateCardRequests(db: Transaction<DB>, invoiceId: string) {
  return db
    .deleteFrom('fee_requests')
    .where('invoice_id', '=', invoiceId)
    .where('source', '=', 'rate_card')
    .where('status', '=', 'waiting')
    .execute()
}

/** A case's approved requests on no invoice or on this draft: its lines at the amounts approved. */
export async function approvedForDraft(db: Db, companyId: string, caseKey: string, invoiceId: string) {
  const rows = await db
    .selectFrom('fee_requests')
    .select(['id', 'fee_type', 'amount_cents'])
    .where('company_id', '=', companyId)
    .where('case_key', '=', caseKey)
    .where('status', '=', 'approved')
    .where((eb) => eb.or([eb('invoice_id', 'is', null), eb('invoice_id', '=', invoiceId)]))
    .orderBy('created_at')
    .execute()
  return rows.map((row) => ({ id: row.id, feeType: row.fee_type, amountCents: Number(row.amount_cents) }))
}

/** The fee types a case has asked the lender for because its rate needs approval (not declined). */
export async function askedRateCardFees(db: Db, companyId: string, caseKey: string) {
  const rows = await db
    .selectFrom('fee_requests')
    .select('fee_type')
    .where('company_id', '=', companyId)
    .where('case_key', '=', caseKey)
    .where('source', '=', 'rate_card')
    .where('status', '!=', 'declined')
    .execute()
  return new Set(rows.map((row) => row.fee_type))
}

export function attachRequests(db: Transaction<DB>, requestIds: string[], invoiceId: string) {
  if (requestIds.length === 0) return Promise.resolve()
  return db.updateTable('fee_requests').set({ invoice_id: invoiceId }).where('id', 'in', requestIds).execute()
}

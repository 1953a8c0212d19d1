import type { Insertable, Kysely, Transaction, Updateable } from 'kysely'
import type { InvoiceQueue } from '../../../domain/billing/invoice-status'
import type { DB } from '../../db/schema'
import type { InvoiceLinesTable, InvoicesTable } from '../../db/schema/invoices'

type Db = Kysely<DB> | Transaction<DB>

/** What a queue row and the detail show of an invoice, with its client's name. */
const invoiceColumns = [
  'i.id',
  'i.number',
  'i.status',
  'i.status_reason',
  'i.case_key',
  'i.order_id',
  'i.rdn_case_id',
  'i.revision',
  'i.revision_of',
  'i.supplements',
  'i.client_id',
  'client.name as client_name',
  'i.case_label',
  'i.vin',
  'i.vehicle',
  'i.debtor_name',
  'i.lienholder_name',
  'i.lot_name',
  'i.case_state',
  'i.repossessed_at',
  'i.completed_on',
  'i.rate_card_id',
  'i.rate_card_version',
  'i.pricing_note',
  'i.window_days',
  'i.storage_free_days',
  'i.storage_daily_cents',
  'i.storage_cap_cents',
  'i.storage_started_at',
  'i.storage_stopped_at',
  'i.storage_stop_event',
  'i.billed_cents',
  'i.paid_cents',
  'i.sent_on',
  'i.due_on',
  'i.account_number',
  'i.lender_reference',
  'client.billing_address as client_address',
  'i.status_changed_at',
  'i.created_at',
  'rdn.case_id as rdn_case_number',
] as const

const invoicesWithClient = (db: Db) =>
  db
    .selectFrom('invoices as i')
    .leftJoin('clients as client', (join) =>
      join.onRef('client.id', '=', 'i.client_id').onRef('client.company_id', '=', 'i.company_id'),
    )
    .leftJoin('rdn_cases as rdn', 'rdn.id', 'i.rdn_case_id')

/** A page of invoices in these statuses, newest first; `search` matches the number or the case. */
export function listInvoices(
  db: Db,
  scope: {
    companyId: string
    queue: InvoiceQueue
    search: string | null
    limit: number
    offset: number
  },
) {
  let query = invoicesWithClient(db)
    .select(invoiceColumns)
    // What the storage line held when last written: a draft's storage is worked out again as of now.
    .select((eb) =>
      eb
        .selectFrom('invoice_lines as line')
        .select('line.billed_cents')
        .whereRef('line.invoice_id', '=', 'i.id')
        .where('line.kind', '=', 'storage')
        .limit(1)
        .as('storage_line_cents'),
    )
    .where('i.company_id', '=', scope.companyId)
    .where('i.queue', '=', scope.queue)
  if (scope.search) {
    const pattern = `${scope.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
    query = query.where((eb) => eb.or([eb('i.number', 'ilike', pattern), eb('i.case_label', 'ilike', pattern)]))
  }
  return query
    .orderBy('i.created_at', 'desc')
    .orderBy('i.number', 'desc')
    .limit(scope.limit)
    .offset(scope.offset)
    .execute()
}

export type InvoiceRow = Awaited<ReturnType<typeof listInvoices>>[number]

/** How many invoices each status has (kept by migration 029's triggers). */
export function countByStatus(db: Db, companyId: string) {
  return db
    .selectFrom('invoice_status_counts')
    .select(['status', 'invoices as count'])
    .where('company_id', '=', companyId)
    .execute()
}

export function findInvoice(db: Db, companyId: string, invoiceId: string) {
  return invoicesWithClient(db)
    .select(invoiceColumns)
    .where('i.company_id', '=', companyId)
    .where('i.id', '=', invoiceId)
    .executeTakeFirst()
}

/** The invoices of one case, every revision, newest first. */
export function listCaseInvoices(db: Db, companyId: string, caseKey: string) {
  return invoicesWithClient(db)
    .select(invoiceColumns)
    .where('i.company_id', '=', companyId)
    .where('i.case_key', '=', caseKey)
    .orderBy('i.revision', 'desc')
    .execute()
}

/** Locks an invoice for a change: two people at once take turns. */
export function lockInvoice(db: Transaction<DB>, companyId: string, invoiceId: string) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirst()
}

export type LockedInvoice = NonNullable<Awaited<ReturnType<typeof lockInvoice>>>

export function updateInvoice(db: Transaction<DB>, invoiceId: string, changes: Updateable<InvoicesTable>) {
  return db
    .updateTable('invoices')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', invoiceId)
    .execute()
}

/** An invoice's lines, each with the status of the fee request it came through (if any). */
export function listLines(db: Db, invoiceId: string) {
  return db
    .selectFrom('invoice_lines as l')
    .leftJoin('fee_requests as r', 'r.id', 'l.fee_request_id')
    .select([
      'l.id',
      'l.position',
      'l.kind',
      'l.fee_type',
      'l.quantity',
      'l.unit_cents',
      'l.billed_cents',
      'l.approved_cents',
      'l.paid_cents',
      'l.needs_approval',
      'l.debtor_billable',
      'l.unpriced',
      'l.fee_request_id',
      'l.short_pay_reason',
      'r.status as fee_request_status',
    ])
    .where('l.invoice_id', '=', invoiceId)
    .orderBy('l.position')
    .execute()
}

export type LineRow = Awaited<ReturnType<typeof listLines>>[number]

export function updateLine(
  db: Transaction<DB>,
  lineId: string,
  changes: Partial<Pick<LineRow, 'quantity' | 'billed_cents' | 'approved_cents' | 'paid_cents' | 'short_pay_reason'>>,
) {
  return db.updateTable('invoice_lines').set(changes).where('id', '=', lineId).execute()
}

export function deleteLines(db: Transaction<DB>, invoiceId: string) {
  return db.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute()
}

export function insertLines(db: Transaction<DB>, lines: Insertable<InvoiceLinesTable>[]) {
  if (lines.length === 0) return Promise.resolve()
  return db.insertInto('invoice_lines').values(lines).execute()
}

/** The revision made of an invoice, if any. */
export function findRevisionOf(db: Db, invoiceId: string) {
  return db.selectFrom('invoices').select(['id', 'number']).where('revision_of', '=', invoiceId).executeTakeFirst()
}

export function findNumber(db: Db, invoiceId: string) {
  return db.selectFrom('invoices').select(['id', 'number']).where('id', '=', invoiceId).executeTakeFirst()
}

/** The case key of an order or an RDN case (by the case id its detail opens) of the company, or null. */
export async function findCaseKey(db: Db, companyId: string, target: { orderId: string } | { caseId: number }) {
  if ('orderId' in target) {
    const row = await db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', target.orderId)
      .executeTakeFirst()
    return row ? { caseKey: `order:${row.id}`, orderId: row.id, rdnCaseId: null } : null
  }
  const row = await db
    .selectFrom('rdn_cases')
    .select('id')
    .where('company_id', '=', companyId)
    .where('case_id', '=', target.caseId)
    .executeTakeFirst()
  return row ? { caseKey: `rdn:${row.id}`, orderId: null, rdnCaseId: row.id } : null
}

/** Whether a client of the company has any rate card. */
export async function clientHasRateCard(db: Db, companyId: string, clientId: string) {
  const card = await db
    .selectFrom('rate_cards')
    .select('id')
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .limit(1)
    .executeTakeFirst()
  return card !== undefined
}

/** The days the invoice's client has to pay (its payment terms). */
export function clientPaymentTerms(db: Db, companyId: string, clientId: string) {
  return db
    .selectFrom('clients')
    .select('payment_terms_days')
    .where('company_id', '=', companyId)
    .where('id', '=', clientId)
    .executeTakeFirst()
}

import { type Kysely, sql } from 'kysely'

/**
 * Issue 42: the money screens at 1,000,000 RDN cases, each read through an index that serves it.
 * - Payroll's RDN recoveries of a period (every period in review read every case of the company
 *   for them) are read from migration 049's index of repossession moments, which holds what a
 *   recovery's pay event reads of its case.
 * - Accounting's chart: invoices sent and payments received per day, summed from the index alone.
 * - Open fee requests (Waiting and Requested), newest first: a page read in the index's order
 *   rather than every open request sorted on disk.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index invoices_sent_on_idx on invoices (company_id, sent_on) include (billed_cents)
    where status not in ('draft', 'rejected')`.execute(db)
  await sql`create index invoice_payments_received_idx on invoice_payments (company_id, received_on)
    include (amount_cents)`.execute(db)
  await sql`create index fee_requests_open_idx on fee_requests (company_id, created_at desc, id desc)
    where status in ('waiting', 'requested')`.execute(db)
}

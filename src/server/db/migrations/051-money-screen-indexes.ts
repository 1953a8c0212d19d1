import { type Kysely, sql } from 'kysely'

/**
 * Issue 42: the money screens at 1,000,000 RDN cases, each read through an index that serves it.
 * - Payroll's RDN recoveries of a period: the cases marked repossessed in a range of moments
 *   (every period in review read every case of the company for them).
 * - Accounting's chart: invoices sent and payments received per day, summed from the index alone.
 * - Open fee requests (Waiting and Requested), newest first: a page read in the index's order
 *   rather than every open request sorted on disk.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Holding what a recovery's pay event reads of its case, so a period's recoveries come from the index alone.
  await sql`create index rdn_cases_recovery_pay_idx on rdn_cases (company_id, time_marked_repossessed)
    include (id, assigned_agent_id, case_id, case_number, order_type, client_id)
    where time_marked_repossessed is not null`.execute(db)
  await sql`create index invoices_sent_on_idx on invoices (company_id, sent_on) include (billed_cents)
    where status not in ('draft', 'rejected')`.execute(db)
  await sql`create index invoice_payments_received_idx on invoice_payments (company_id, received_on)
    include (amount_cents)`.execute(db)
  await sql`create index fee_requests_open_idx on fee_requests (company_id, created_at desc, id desc)
    where status in ('waiting', 'requested')`.execute(db)
}

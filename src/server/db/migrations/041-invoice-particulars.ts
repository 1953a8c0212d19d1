import { type Kysely, sql } from 'kysely'

/**
 * What a lender's accounts payable needs on an invoice (issue 41): the agency's address, phone and
 * remit-to (company settings); each client's billing address and payment terms in days (30 unless
 * set); on an invoice, its due date (fixed when it is sent: the day sent plus the client's terms) and
 * the lender's account or loan number and reference, entered on the draft.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies
    add column address text,
    add column phone text,
    add column remit_to text`.execute(db)
  await sql`alter table clients
    add column billing_address text,
    add column payment_terms_days integer not null default 30
      check (payment_terms_days between 0 and 365)`.execute(db)
  await sql`alter table invoices
    add column due_on date,
    add column account_number text,
    add column lender_reference text`.execute(db)
  // Invoices sent before terms existed fall due on the default terms.
  await sql`update invoices set due_on = sent_on + 30 where sent_on is not null`.execute(db)
}

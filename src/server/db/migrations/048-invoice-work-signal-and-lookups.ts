import { type Kysely, sql } from 'kysely'

/** The channel the background invoice work LISTENs on: a case queued for its draft, or a draft queued to be priced again. */
export const INVOICE_WORK_CHANNEL = 'invoice_work_queued'

/**
 * Issue 42. Invoices were drafted inside the reads of Invoice Management (137,000 in one GET after
 * an import, 28 s); they are drafted in the background now, woken by this NOTIFY as soon as a
 * statement queues work (a recovery, an import, the RDN sync, a rate card or a case's client
 * changed), whichever instance made the change. Only a statement that queued a row wakes it: the
 * queueing triggers run on every update of orders and RDN cases, most queueing nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_invoice_work_queued() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from new_rows) then
        perform pg_notify(${sql.lit(INVOICE_WORK_CHANNEL)}, json_build_object('queue', tg_table_name)::text);
      end if;
      return null;
    end $$`.execute(db)
  for (const table of ['invoice_draft_queue', 'invoice_reprice_queue']) {
    await sql`create trigger ${sql.raw(`${table}_notify`)} after insert on ${sql.raw(table)}
      referencing new table as new_rows for each statement execute function notify_invoice_work_queued()`.execute(db)
  }
}

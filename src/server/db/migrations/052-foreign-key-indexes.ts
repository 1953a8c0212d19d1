import { type Kysely, sql } from 'kysely'

/**
 * Every reference to an order, an RDN case, an invoice, a client or a person that had no index of
 * its own gets one (issue 42). Deleting a row makes PostgreSQL find the rows that point at it; with
 * no index that is a scan of the whole table per row deleted, so Clear All Data's delete of 100,000
 * orders ran for over 11 minutes (six tables scanned per order), and removing a camera car driver
 * read all 1,000,000 RDN cases. Partial where the reference is mostly empty: small, and what the
 * lookups ask for.
 */
const REFERENCES: [table: string, column: string][] = [
  ['fee_requests', 'order_id'],
  ['fee_requests', 'rdn_case_id'],
  ['fee_requests', 'invoice_id'],
  ['vendor_costs', 'order_id'],
  ['vendor_costs', 'rdn_case_id'],
  ['condition_reports', 'order_id'],
  ['condition_reports', 'rdn_case_id'],
  ['vehicle_releases', 'order_id'],
  ['vehicle_releases', 'rdn_case_id'],
  ['property_inventories', 'order_id'],
  ['property_inventories', 'rdn_case_id'],
  ['redemption_payments', 'order_id'],
  ['redemption_payments', 'rdn_case_id'],
  ['invoices', 'client_id'],
  ['invoices', 'supplements'],
  ['invoice_reprice_queue', 'invoice_id'],
  ['rate_cards', 'client_id'],
  ['pay_rules', 'client_id'],
  ['pay_rules', 'profile_id'],
  ['pay_entries', 'profile_id'],
  ['rdn_cases', 'assigned_camera_driver_id'],
  ['rdn_agent_mappings', 'profile_id'],
  ['key_jobs', 'updated_by'],
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of REFERENCES) {
    await sql`create index if not exists ${sql.id(`${table}_${column}_ref_idx`)} on ${sql.id(table)} (${sql.id(column)})
      where ${sql.id(column)} is not null`.execute(db)
  }
  // rdn_cases' statement triggers added since migration 048 (the client and board counts of 049
  // and 050) planned without JIT too, as 048 made the others: their transition tables have no
  // statistics, and a bulk update's join was compiled for seconds.
  const { rows } = await sql<{ name: string }>`select distinct p.proname as name
    from pg_trigger g join pg_proc p on p.oid = g.tgfoid
    where g.tgrelid = 'rdn_cases'::regclass and not g.tgisinternal and g.tgtype & 1 = 0
      and (g.tgoldtable is not null or g.tgnewtable is not null)
      and not coalesce('jit=off' = any (p.proconfig), false)`.execute(db)
  for (const { name } of rows) await sql`alter function ${sql.id(name)}() set jit = off`.execute(db)
}

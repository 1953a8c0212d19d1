import { type Kysely, sql } from 'kysely'

/**
 * Issue 42, the lot manager's dashboard at 1,000,000 RDN cases: the repossessed orders longest in
 * storage first are read in this partial index's order (the first 100, not every repossessed
 * order sorted), and the repossessed RDN cases are counted by storage lot from an index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists orders_repossessed_storage_idx on orders (company_id, recovery_date asc nulls last, id)
    where status = 'Repossessed'`.execute(db)
  await sql`create index if not exists rdn_cases_status_storage_idx on rdn_cases (company_id, status, storage_location_name)`.execute(
    db,
  )
}

import { type Kysely, sql } from 'kysely'

/**
 * Issue 42, screens at 1,000,000 RDN cases:
 * - the transport manager's moves, a page at a time oldest authorization first: read in this
 *   partial index's order (a page of 50 instead of every live authorization joined and sorted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index vehicle_releases_transport_moves_idx on vehicle_releases (company_id, authorized_at, id)
    where kind = 'transport' and status = 'authorized'`.execute(db)
}

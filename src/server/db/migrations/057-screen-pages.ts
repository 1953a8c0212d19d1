import { type Kysely, sql } from 'kysely'

/**
 * Issue 42, three screens at 1,000,000 RDN cases:
 * - the transport manager's moves, a page at a time oldest authorization first: read in this
 *   partial index's order (a page of 50 instead of every live authorization joined and sorted);
 * - the management dashboard's figures: unfinished orders touched in the last 48 hours, orders
 *   repossessed per client, and this month's RDN repossessions per market, each counted from an
 *   index alone instead of the orders' or cases' rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists vehicle_releases_transport_moves_idx on vehicle_releases (company_id, authorized_at, id)
    where kind = 'transport' and status = 'authorized'`.execute(db)
  await sql`create index if not exists orders_unfinished_updated_idx on orders (company_id, updated_at)
    where status not in ('Closed', 'Completed', 'Completed-Located', 'Charged Off')`.execute(db)
  await sql`create index if not exists orders_repossessed_client_idx on orders (company_id, client_id)
    where recovery_date is not null or status = 'Repossessed'`.execute(db)
  await sql`create index if not exists rdn_cases_repo_date_market_idx on rdn_cases (company_id, repo_date) include (detected_market)
    where repo_date is not null`.execute(db)
}

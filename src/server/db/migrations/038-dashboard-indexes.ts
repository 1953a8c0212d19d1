import { type Kysely, sql } from 'kysely'

/**
 * Every dashboard under 100 ms at a million cases (issue 21): each reads a few index entries
 * instead of scanning the cases or orders of a status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The lot manager's yard: a status's cases longest in storage first (storage.ts's caseStoredSince),
  // and their lots counted from the index alone.
  await sql`create index rdn_cases_stored_since_idx on rdn_cases
    (company_id, status, coalesce(repo_date, (time_marked_repossessed at time zone 'UTC')::date), case_id)
    include (storage_location_name)`.execute(db)
  // The transport manager's Direct Drop cases, by the location's name as it matches them.
  await sql`create index rdn_cases_storage_name_idx on rdn_cases
    (company_id, lower(trim(storage_location_name)), status)`.execute(db)
  // A status's cases waiting longest first (auction and office-transfer moves).
  await sql`create index rdn_cases_status_updated_at_idx on rdn_cases (company_id, status, updated_at, id)`.execute(db)
  // The post-recovery manager's redemption sub-statuses: the few cases that name one.
  await sql`create index rdn_cases_redemption_idx on rdn_cases (company_id, status) include (substatus)
    where substatus ilike '%redemption%'`.execute(db)
  // The field manager's markets: orders by status, open orders by agent, and the unassigned ones
  // oldest first, all from one index (each more index slows the import's writes).
  await sql`create index orders_market_status_agent_idx on orders
    (company_id, detected_market, status, assigned_agent_id, order_date, id)`.execute(db)
}

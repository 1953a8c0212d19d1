import { type Kysely, sql } from 'kysely'

/**
 * The Vehicle Redemptions list (issue 42) reads each source's recovered vehicles in the list's own
 * order (recovery day newest first, then label, then key) from an index partial on what the list
 * shows, so a page is the first rows of two indexes merged instead of a sort of every case, and
 * the list's total is an index-only count. The recovery day is read in UTC (the servers' zone) so
 * the index may hold it: a timestamp's day in the session's zone is not immutable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists rdn_cases_redemption_list_idx on rdn_cases (
      company_id,
      coalesce(repo_date, (time_marked_repossessed at time zone 'UTC')::date, (updated_at at time zone 'UTC')::date)
        desc nulls last,
      coalesce(case_number, case_id::text),
      ('rdn:' || id::text))
    where status = 'Repossessed' or repo_date is not null or time_marked_repossessed is not null`.execute(db)
  await sql`create index if not exists orders_redemption_list_idx on orders (
      company_id,
      coalesce(recovery_date, (updated_at at time zone 'UTC')::date) desc nulls last,
      coalesce(order_number, case_number, ''),
      ('order:' || id::text))
    where status = 'Repossessed' or recovery_date is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_redemption_list_idx`.execute(db)
  await sql`drop index if exists rdn_cases_redemption_list_idx`.execute(db)
}

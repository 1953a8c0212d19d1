import { type Kysely, sql } from 'kysely'

/**
 * Issue 42, Invoice Management's summary at 1,000,000 RDN cases: how many fee requests each
 * company has per status, kept by the database as the invoices' counts are (migration 029),
 * instead of grouping every fee request on each read (50,000 at a million cases, 32 ms and
 * growing with them). Statement triggers add what each statement changed, one grouped upsert in
 * key order, so two writers cannot deadlock on the counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table fee_request_status_counts (
    company_id uuid not null,
    status text not null,
    requests bigint not null,
    primary key (company_id, status)
  )`.execute(db)
  // No writer may slip between the backfill and the triggers taking over.
  await sql`lock table fee_requests in share row exclusive mode`.execute(db)
  await sql`insert into fee_request_status_counts (company_id, status, requests)
    select company_id, status, count(*) from fee_requests group by 1, 2`.execute(db)

  const counted = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select company_id, status, ${sign}count(*) as requests from ${rows} group by 1, 2`
  const upsert = (deltas: string) =>
    sql.raw(`insert into fee_request_status_counts (company_id, status, requests)
        select company_id, status, sum(requests) from (${deltas}) deltas
        group by 1, 2 having sum(requests) <> 0 order by 1, 2
        on conflict (company_id, status) do update set requests = fee_request_status_counts.requests + excluded.requests;`)
  await sql`create function count_fee_requests() returns trigger language plpgsql as $$
    begin
      -- Each branch names only the transition tables its event has.
      if tg_op = 'INSERT' then
        ${upsert(counted('new_rows', ''))}
      elsif tg_op = 'UPDATE' then
        ${upsert(`${counted('new_rows', '')} union all ${counted('old_rows', '-')}`)}
      else
        ${upsert(counted('old_rows', '-'))}
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger fee_requests_counted_inserted after insert on fee_requests
    referencing new table as new_rows for each statement execute function count_fee_requests()`.execute(db)
  await sql`create trigger fee_requests_counted_updated after update on fee_requests
    referencing old table as old_rows new table as new_rows for each statement execute function count_fee_requests()`.execute(
    db,
  )
  await sql`create trigger fee_requests_counted_deleted after delete on fee_requests
    referencing old table as old_rows for each statement execute function count_fee_requests()`.execute(db)
  // TRUNCATE skips row and statement delete triggers: the counts go with the rows.
  await sql`create function clear_fee_request_counts() returns trigger language plpgsql as $$
    begin
      delete from fee_request_status_counts;
      return null;
    end $$`.execute(db)
  await sql`create trigger fee_requests_counts_truncated after truncate on fee_requests
    for each statement execute function clear_fee_request_counts()`.execute(db)
}

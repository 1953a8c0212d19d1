import { type Kysely, sql } from 'kysely'

/**
 * Issue 42, screens read at 1,000,000 RDN cases without reading every case:
 *
 * - Client Management: how many RDN cases each client has (the client resolved on the case,
 *   `rdn_cases.client_id`, migration 040) kept by the database, as the per-status counts are
 *   (migration 008), instead of counted from the cases on every view. Statement triggers add what
 *   each statement changed, one grouped upsert in key order under the per-company lock the other
 *   counts take, so writers cannot deadlock; a statement that moves no case between clients writes
 *   nothing. Cases without a client are not counted.
 * - The map's recent recoveries: the RDN cases marked repossessed in a period found by their
 *   repossession moment, with their place (recovery ZIP, else debtor's) and what the activity's
 *   filters read (market, agent, client) in the index: the period's cases are counted from it
 *   alone, their places not worked out again from the ZIPs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The place keyed as the map reads it (caseRecoveryZip, src/server/features/map/activity-repository.ts),
  // frozen here; the ZIP columns included as the planner needs them to read the place from the index,
  // and what payroll reads of a recovery's case (its pay events of a period, migration 051).
  const fiveDigits = (column: string) => `case when ${column} ~ '^ *[0-9]{5}' then left(ltrim(${column}), 5) end`
  await sql`create index rdn_cases_repossessed_moment_idx on rdn_cases
    (company_id, time_marked_repossessed, (${sql.raw(`coalesce(${fiveDigits('recovery_zip')}, ${fiveDigits('debtor_zip')})`)}))
    include (detected_market, assigned_agent_id, client_id, recovery_zip, debtor_zip, id, case_id, case_number, order_type)
    where time_marked_repossessed is not null`.execute(db)

  await sql`create table rdn_case_client_counts (
    company_id uuid not null references companies (id),
    client_id uuid not null,
    cases bigint not null,
    primary key (company_id, client_id)
  )`.execute(db)
  // No writer may slip between the backfill and the triggers taking over.
  await sql`lock table rdn_cases in share row exclusive mode`.execute(db)
  await sql`insert into rdn_case_client_counts (company_id, client_id, cases)
    select company_id, client_id, count(*) from rdn_cases where client_id is not null group by 1, 2`.execute(db)

  const clients = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select company_id, client_id, ${sign}count(*) as cases from ${rows} where client_id is not null group by 1, 2`
  const upsert = (deltas: string) =>
    sql.raw(`insert into rdn_case_client_counts (company_id, client_id, cases)
        select company_id, client_id, sum(cases) from (${deltas}) deltas
        group by 1, 2 having sum(cases) <> 0 order by 1, 2
        on conflict (company_id, client_id) do update set cases = rdn_case_client_counts.cases + excluded.cases;`)
  await sql`create function count_rdn_case_clients() returns trigger language plpgsql as $$
    begin
      -- The per-status counts' lock (migration 008), taken again here: these triggers may fire first.
      if tg_op = 'DELETE' then
        perform pg_advisory_xact_lock(hashtext('rdn_case_counts:' || changed.company_id::text))
          from (select distinct company_id from old_rows order by company_id) changed;
      else
        perform pg_advisory_xact_lock(hashtext('rdn_case_counts:' || changed.company_id::text))
          from (select distinct company_id from new_rows order by company_id) changed;
      end if;
      -- Each branch names only the transition tables its event has.
      if tg_op = 'INSERT' then
        ${upsert(clients('new_rows', ''))}
      elsif tg_op = 'UPDATE' then
        ${upsert(`${clients('new_rows', '')} union all ${clients('old_rows', '-')}`)}
      else
        ${upsert(clients('old_rows', '-'))}
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger rdn_cases_client_counts_inserted after insert on rdn_cases
    referencing new table as new_rows for each statement execute function count_rdn_case_clients()`.execute(db)
  await sql`create trigger rdn_cases_client_counts_updated after update on rdn_cases
    referencing old table as old_rows new table as new_rows for each statement execute function count_rdn_case_clients()`.execute(
    db,
  )
  await sql`create trigger rdn_cases_client_counts_deleted after delete on rdn_cases
    referencing old table as old_rows for each statement execute function count_rdn_case_clients()`.execute(db)
  // TRUNCATE skips row and statement delete triggers: the counts go with the rows.
  await sql`create function clear_rdn_case_client_counts() returns trigger language plpgsql as $$
    begin
      delete from rdn_case_client_counts;
      return null;
    end $$`.execute(db)
  await sql`create trigger rdn_cases_client_counts_truncated after truncate on rdn_cases
    for each statement execute function clear_rdn_case_client_counts()`.execute(db)
}

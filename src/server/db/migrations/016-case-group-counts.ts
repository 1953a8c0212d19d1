import { type Kysely, sql } from 'kysely'

/**
 * The management dashboard's tables by client and by agent without reading every case: per
 * company, lender, RDN agent id and status, how many cases, how many repossessed, and the days
 * from order to repossession. A missing lender, agent or status is ''. Kept exact by statement
 * triggers of their own beside those of the per-status counts (migration 008), under the same
 * per-company lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rdn_case_group_counts (
    company_id uuid not null references companies (id),
    lender_name text not null,
    assigned_agent_id text not null,
    status text not null,
    cases bigint not null,
    repossessed bigint not null,
    timed bigint not null,
    days bigint not null,
    primary key (company_id, lender_name, assigned_agent_id, status)
  )`.execute(db)
  // No writer may slip between the backfill and the triggers taking over.
  await sql`lock table rdn_cases in share row exclusive mode`.execute(db)
  await sql`insert into rdn_case_group_counts
    select company_id, coalesce(lender_name, ''), coalesce(assigned_agent_id, ''), coalesce(status, ''), count(*),
      count(repo_date), count(*) filter (where repo_date >= order_date),
      coalesce(sum(repo_date - order_date) filter (where repo_date >= order_date), 0)
    from rdn_cases group by 1, 2, 3, 4`.execute(db)

  // The rows a statement added (sign '') or took away (sign '-'), added to the counts.
  const delta = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    sql.raw(`insert into rdn_case_group_counts
        select company_id, coalesce(lender_name, ''), coalesce(assigned_agent_id, ''), coalesce(status, ''),
          ${sign}count(*), ${sign}count(repo_date), ${sign}count(*) filter (where repo_date >= order_date),
          ${sign}coalesce(sum(repo_date - order_date) filter (where repo_date >= order_date), 0)
        from ${rows} group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (company_id, lender_name, assigned_agent_id, status) do update set
          cases = rdn_case_group_counts.cases + excluded.cases,
          repossessed = rdn_case_group_counts.repossessed + excluded.repossessed,
          timed = rdn_case_group_counts.timed + excluded.timed,
          days = rdn_case_group_counts.days + excluded.days;`)
  await sql`create function count_rdn_case_groups() returns trigger language plpgsql as $$
    begin
      -- The per-status counts' lock (migration 008), taken again here: these triggers may fire first.
      if tg_op = 'DELETE' then
        perform pg_advisory_xact_lock(hashtext('rdn_case_counts:' || changed.company_id::text))
          from (select distinct company_id from old_rows order by company_id) changed;
      else
        perform pg_advisory_xact_lock(hashtext('rdn_case_counts:' || changed.company_id::text))
          from (select distinct company_id from new_rows order by company_id) changed;
      end if;
      -- Each branch names only the transition table its event has.
      if tg_op in ('INSERT', 'UPDATE') then
        ${delta('new_rows', '')}
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        ${delta('old_rows', '-')}
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger rdn_cases_group_counts_inserted after insert on rdn_cases
    referencing new table as new_rows for each statement execute function count_rdn_case_groups()`.execute(db)
  await sql`create trigger rdn_cases_group_counts_updated after update on rdn_cases
    referencing old table as old_rows new table as new_rows for each statement execute function count_rdn_case_groups()`.execute(
    db,
  )
  await sql`create trigger rdn_cases_group_counts_deleted after delete on rdn_cases
    referencing old table as old_rows for each statement execute function count_rdn_case_groups()`.execute(db)
  // TRUNCATE skips row and statement delete triggers: the counts go with the rows.
  await sql`create function clear_rdn_case_group_counts() returns trigger language plpgsql as $$
    begin
      delete from rdn_case_group_counts;
      return null;
    end $$`.execute(db)
  await sql`create trigger rdn_cases_group_counts_truncated after truncate on rdn_cases
    for each statement execute function clear_rdn_case_group_counts()`.execute(db)
}

import { type Kysely, sql } from 'kysely'
import { CASES_CHANNEL } from './005-case-change-notify'

/**
 * Exact case totals without counting a million rows: how many cases each company has per status
 * and market, kept exact by the same statement-level triggers that send the live-update signal.
 * The list's total for no filter, or status and market filters, is a sum over these few rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rdn_case_counts (
    company_id uuid not null references companies (id),
    status text not null,
    detected_market text not null,
    cases bigint not null,
    primary key (company_id, status, detected_market)
  )`.execute(db)
  // No writer may slip between the backfill and the trigger taking over.
  await sql`lock table rdn_cases in share row exclusive mode`.execute(db)
  await sql`insert into rdn_case_counts (company_id, status, detected_market, cases)
    select company_id, coalesce(status, ''), detected_market, count(*) from rdn_cases group by 1, 2, 3`.execute(db)

  await sql`create or replace function notify_rdn_cases_changed() returns trigger language plpgsql as $$
    declare company uuid;
    begin
      -- One writer of a company's counts at a time, companies locked in a fixed order: two
      -- statements moving cases between the same statuses can't deadlock.
      if tg_op = 'DELETE' then
        perform pg_advisory_xact_lock(hashtext('rdn_case_counts:' || changed.company_id::text))
          from (select distinct company_id from old_rows order by company_id) changed;
      else
        perform pg_advisory_xact_lock(hashtext('rdn_case_counts:' || changed.company_id::text))
          from (select distinct company_id from new_rows order by company_id) changed;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into rdn_case_counts (company_id, status, detected_market, cases)
          select company_id, coalesce(status, ''), detected_market, count(*) from new_rows group by 1, 2, 3 order by 1, 2, 3
          on conflict (company_id, status, detected_market) do update set cases = rdn_case_counts.cases + excluded.cases;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        insert into rdn_case_counts (company_id, status, detected_market, cases)
          select company_id, coalesce(status, ''), detected_market, -count(*) from old_rows group by 1, 2, 3 order by 1, 2, 3
          on conflict (company_id, status, detected_market) do update set cases = rdn_case_counts.cases + excluded.cases;
      end if;
      -- Each branch names only the transition table its event has.
      if tg_op = 'DELETE' then
        for company in select distinct company_id from old_rows loop
          perform pg_notify(${sql.lit(CASES_CHANNEL)}, json_build_object('companyId', company, 'op', tg_op)::text);
        end loop;
      else
        for company in select distinct company_id from new_rows loop
          perform pg_notify(${sql.lit(CASES_CHANNEL)}, json_build_object('companyId', company, 'op', tg_op)::text);
        end loop;
      end if;
      return null;
    end $$`.execute(db)
  await sql`drop trigger rdn_cases_updated on rdn_cases`.execute(db)
  await sql`create trigger rdn_cases_updated after update on rdn_cases referencing old table as old_rows new table as new_rows
    for each statement execute function notify_rdn_cases_changed()`.execute(db)
  // TRUNCATE skips row triggers: the counts go with the rows.
  await sql`create function clear_rdn_case_counts() returns trigger language plpgsql as $$
    begin
      delete from rdn_case_counts;
      return null;
    end $$`.execute(db)
  await sql`create trigger rdn_cases_truncated after truncate on rdn_cases for each statement execute function clear_rdn_case_counts()`.execute(
    db,
  )
}

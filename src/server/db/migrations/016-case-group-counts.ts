import { type Kysely, sql } from 'kysely'
import { CASES_CHANNEL } from './005-case-change-notify'

/**
 * The management dashboard's tables by client and by agent without reading every case: per
 * company, lender, RDN agent id and status, how many cases, how many repossessed, and the days
 * from order to repossession, kept exact by the statement triggers that keep `rdn_case_counts`
 * (migration 008, whose function this one extends). A missing lender, agent or status is ''.
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
  await sql`lock table rdn_cases in share row exclusive mode`.execute(db)
  await sql`insert into rdn_case_group_counts
    select company_id, coalesce(lender_name, ''), coalesce(assigned_agent_id, ''), coalesce(status, ''), count(*),
      count(repo_date), count(*) filter (where repo_date >= order_date),
      coalesce(sum(repo_date - order_date) filter (where repo_date >= order_date), 0)
    from rdn_cases group by 1, 2, 3, 4`.execute(db)

  const groupDelta = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
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
        ${groupDelta('new_rows', '')}
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        insert into rdn_case_counts (company_id, status, detected_market, cases)
          select company_id, coalesce(status, ''), detected_market, -count(*) from old_rows group by 1, 2, 3 order by 1, 2, 3
          on conflict (company_id, status, detected_market) do update set cases = rdn_case_counts.cases + excluded.cases;
        ${groupDelta('old_rows', '-')}
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
  await sql`create or replace function clear_rdn_case_counts() returns trigger language plpgsql as $$
    begin
      delete from rdn_case_counts;
      delete from rdn_case_group_counts;
      return null;
    end $$`.execute(db)
}

import { type Kysely, sql } from 'kysely'

/**
 * Issue 41: one meaning of 'days to recovery' and of 'recovered' (src/domain/agent-work,
 * src/server/queries/agent-work-sql.ts) in the RDN cases' per-lender-and-agent counts (migration 016),
 * which the management dashboard and the assignment board's Agents table both read:
 * - recovered: a repossession day (the repo date, else the day it was marked repossessed) or the
 *   Repossessed status (was: a repo date only);
 * - days: from the day the agent was put on the case (else the order date) to the repossession
 *   day, in whole days (was: from the order date, and only for cases with a repo date).
 * The counts are rebuilt from the cases under the same lock as migration 016's backfill.
 *
 * And, for the management dashboard, which now counts orders beside RDN cases: the orders'
 * repossession days by company ('Repossessed this week/month', recoveries by week) and their last
 * update by company (stale orders).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The same arithmetic as agent-work-sql.ts, frozen here as the triggers run it.
  const figures = (rows: string, sign: '' | '-') => {
    const on = `coalesce(${rows}.repo_date, (${rows}.time_marked_repossessed at time zone 'UTC')::date)`
    const assigned = `(${rows}.agent_assigned_at at time zone 'UTC')::date`
    const start = `case when ${assigned} <= ${on} then ${assigned} when ${rows}.order_date <= ${on} then ${rows}.order_date end`
    const days = `(${on} - (${start}))`
    return `company_id, coalesce(lender_name, ''), coalesce(assigned_agent_id, ''), coalesce(status, ''),
      ${sign}count(*), ${sign}count(*) filter (where ${on} is not null or ${rows}.status = 'Repossessed'),
      ${sign}count(${days}), ${sign}coalesce(sum(${days}), 0)
      from ${rows} ${rows} group by 1, 2, 3, 4`
  }
  const delta = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    sql.raw(`insert into rdn_case_group_counts
        select ${figures(rows, sign)} order by 1, 2, 3, 4
        on conflict (company_id, lender_name, assigned_agent_id, status) do update set
          cases = rdn_case_group_counts.cases + excluded.cases,
          repossessed = rdn_case_group_counts.repossessed + excluded.repossessed,
          timed = rdn_case_group_counts.timed + excluded.timed,
          days = rdn_case_group_counts.days + excluded.days;`)
  // No writer may slip between the rebuild and the new triggers taking over.
  await sql`lock table rdn_cases in share row exclusive mode`.execute(db)
  await sql`create or replace function count_rdn_case_groups() returns trigger language plpgsql as $$
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
  await sql`delete from rdn_case_group_counts`.execute(db)
  await sql`insert into rdn_case_group_counts select ${sql.raw(figures('rdn_cases', ''))}`.execute(db)

  await sql`create index orders_recovery_date_idx on orders (company_id, recovery_date) include (detected_market)
    where recovery_date is not null`.execute(db)
  // The management dashboard's stale orders: the unfinished total less the few updated in 48 hours.
  await sql`create index orders_company_updated_at_idx on orders (company_id, updated_at)`.execute(db)
}

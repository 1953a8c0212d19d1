import { type Kysely, sql } from 'kysely'
import { PAYROLL_CHANNEL } from './032-payroll'

/** What pay reads of an RDN case besides the moment it was marked repossessed (migration 032's list). */
const OTHER_PAY_RDN_COLUMNS = [
  'case_id',
  'case_number',
  'order_type',
  'lender_name',
  'lienholder_name',
  'assigned_agent_id',
  'detected_market',
]

/**
 * The NOTIFY of a statement's changes (rows of `company_id`, `moment`): one per company, naming
 * the first day they can move pay (`fromDay`), or no day (`moment` null) when they may move any.
 * The day is the UTC date of the earliest moment less one: never later than the agency's day of
 * it, whatever the agency's time zone (a day early drops one more week at most).
 */
const notifyFrom = (changes: string) => `
  for change in select company_id, bool_or(moment is null) as any_day, min(moment) as moment
      from (${changes}) changed group by company_id loop
    perform pg_notify('${PAYROLL_CHANNEL}', case when change.any_day then json_build_object('companyId', change.company_id)
      else json_build_object('companyId', change.company_id,
        'fromDay', to_char((change.moment at time zone 'UTC')::date - 1, 'YYYY-MM-DD')) end::text);
  end loop;`

/**
 * Issue 42: the changes most frequent at scale name the first day they move, so each server
 * keeps the pay periods before it (decision 019 dropped all of a company's periods on any change,
 * and an Agent Update a minute meant twelve weeks computed again a minute). Periods that end
 * before that day cannot move: an event is priced in its own period or carried into a later one.
 * - An Agent Update (a field visit): the day it was written.
 * - An order's completion: the first completion of the order (the recovery's day; a later one is
 *   its team partner), before or after the change.
 * - An RDN case whose only change pay reads is when it was marked repossessed: the earlier of the
 *   two moments. Any other change pay reads of a case (its agent, lender, order type) may move
 *   any period, as do every other table's changes (rules, invoices, mappings, ...).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function notify_payroll_visits() returns trigger language plpgsql as $$
    declare change record;
    begin
      if tg_op = 'INSERT' then ${sql.raw(notifyFrom(visits('select * from new_rows')))}
      elsif tg_op = 'UPDATE' then ${sql.raw(notifyFrom(visits('select * from new_rows union all select * from old_rows')))}
      else ${sql.raw(notifyFrom(visits('select * from old_rows')))}
      end if;
      return null;
    end $$`.execute(db)

  await sql`create function notify_payroll_completions() returns trigger language plpgsql as $$
    declare change record;
    begin
      if tg_op = 'INSERT' then ${sql.raw(notifyFrom(completions('select * from new_rows')))}
      elsif tg_op = 'UPDATE' then ${sql.raw(notifyFrom(completions('select * from new_rows union all select * from old_rows')))}
      else ${sql.raw(notifyFrom(completions('select * from old_rows')))}
      end if;
      return null;
    end $$`.execute(db)
  for (const [event, tables] of [
    ['insert', 'new table as new_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
    ['delete', 'old table as old_rows'],
  ] as const) {
    await sql`drop trigger ${sql.raw(`repo_completions_pay_${event}`)} on repo_completions`.execute(db)
    await sql`create trigger ${sql.raw(`repo_completions_pay_${event}`)} after ${sql.raw(event)} on repo_completions
      referencing ${sql.raw(tables)} for each statement execute function notify_payroll_completions()`.execute(db)
  }

  const otherChanged = OTHER_PAY_RDN_COLUMNS.map((column) => `n.${column} is distinct from o.${column}`).join(' or ')
  // Set as migration 048 set it: a transition table has no statistics, so no JIT.
  await sql`create or replace function notify_payroll_rdn_cases() returns trigger language plpgsql set jit = off as $$
    declare change record;
    begin
      if tg_op = 'INSERT' then ${sql.raw(
        notifyFrom(
          'select company_id, time_marked_repossessed as moment from new_rows where time_marked_repossessed is not null',
        ),
      )}
      elsif tg_op = 'UPDATE' then ${sql.raw(
        notifyFrom(`select n.company_id,
            case when ${otherChanged} then null else least(n.time_marked_repossessed, o.time_marked_repossessed) end as moment
          from new_rows n join old_rows o on o.id = n.id
          where ${otherChanged} or n.time_marked_repossessed is distinct from o.time_marked_repossessed`),
      )}
      else ${sql.raw(notifyFrom('select company_id, null::timestamptz as moment from old_rows'))}
      end if;
      return null;
    end $$`.execute(db)
}

/** Agent Updates among some timeline rows, by when they were written. */
const visits = (rows: string) =>
  `select company_id, created_at as moment from (${rows}) t where kind = 'note' and note_type = 'Agent Update'`

/** Completions among some rows, from their order's first completion (as it is now, or was). */
const completions = (rows: string) => `select t.company_id, least(t.completed_at,
    (select min(rc.completed_at) from repo_completions rc where rc.order_id = t.order_id)) as moment
  from (${rows}) t`

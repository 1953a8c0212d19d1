import { type Kysely, sql } from 'kysely'

/**
 * The repossession moment, stored once per case (issue 41): an order's `repossessed_at`, an RDN
 * case's `time_marked_repossessed`. A row trigger stamps it on every path that moves a case to
 * Repossessed (edit, import, RDN sync, seed) when the writer gives none: now, or the day and clock
 * the writer put in the old columns. Those old columns (an order's recovery_date and recovery_time,
 * a case's repo_date) follow the moment, so their readers read the same one. A moment is a true
 * instant (the stamp is now()); its day and clock are the agency's (America/Chicago, as payroll
 * reads them): '11:06 PM' on Nov 26 is 05:06Z on Nov 27.
 */
/** The agency's time zone (AGENCY_TIME_ZONE in src/domain/formats/agency-time.ts when written). */
const ZONE = sql.raw("'America/Chicago'")
/** The statuses before recovery: a move back to one undoes the recovery (migration 032). */
const UNDONE = "('Open', 'On Hold', 'Pending On Hold', 'Need Info')"

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column repossessed_at timestamptz`.execute(db)

  // An order's recovery day and clock ('3:05 PM', '15:05', '15:05:30'; anything else: midnight) as a moment.
  await sql`create function recovery_moment(day date, clock text) returns timestamptz language plpgsql immutable as $$
    declare
      parts text[] := regexp_match(coalesce(clock, ''), '^\\s*(\\d{1,2}):(\\d{2})(?::\\d{2})?\\s*([AaPp][Mm])?\\s*$');
      hours int;
      minutes int;
    begin
      if day is null then return null; end if;
      if parts is null then return day::timestamp at time zone ${ZONE}; end if;
      hours := parts[1]::int;
      minutes := parts[2]::int;
      if parts[3] is not null then
        if hours < 1 or hours > 12 then return day::timestamp at time zone ${ZONE}; end if;
        hours := hours % 12 + case when upper(parts[3]) = 'PM' then 12 else 0 end;
      end if;
      if hours > 23 or minutes > 59 then return day::timestamp at time zone ${ZONE}; end if;
      return (day + make_time(hours, minutes, 0)) at time zone ${ZONE};
    end $$`.execute(db)

  // The cases already recovered, before the triggers (a day and clock already written stay as written):
  // their own day and clock, else (Repossessed with none) their last change, which the old columns then show.
  await sql`update orders set repossessed_at = coalesce(recovery_moment(recovery_date, recovery_time), updated_at)
    where recovery_date is not null or status = 'Repossessed'`.execute(db)
  await sql`update orders set recovery_date = (repossessed_at at time zone ${ZONE})::date,
    recovery_time = to_char(repossessed_at at time zone ${ZONE}, 'FMHH12:MI AM')
    where recovery_date is null and repossessed_at is not null`.execute(db)
  await sql`update rdn_cases set time_marked_repossessed = coalesce(repo_date::timestamp at time zone ${ZONE}, updated_at),
    repo_date = coalesce(repo_date, (updated_at at time zone ${ZONE})::date)
    where time_marked_repossessed is null and status = 'Repossessed'`.execute(db)

  // An order's invoice drafted before kept the order's day and clock written as UTC ('3:05 PM' as
  // 15:05Z): the true instant now, so it prints as drafted and agrees with the order's moment. An RDN
  // case's invoice kept the case's true moment already.
  await sql`update invoices
    set repossessed_at = (repossessed_at at time zone 'UTC') at time zone ${ZONE},
      storage_started_at = (storage_started_at at time zone 'UTC') at time zone ${ZONE}
    where case_key like 'order:%' and (repossessed_at is not null or storage_started_at is not null)`.execute(db)

  // The order's moment: given (set directly), else from a changed day and clock, else kept; a move
  // to Repossessed without one is stamped now. A given or stamped moment rewrites the day and clock.
  // A recovery undone (back to a status before recovery, as payroll reads it) takes its moment back.
  await sql`create function orders_repossession_moment() returns trigger language plpgsql as $$
    declare
      derived boolean := false;
    begin
      if tg_op = 'UPDATE' and old.status = 'Repossessed' and new.status in ${sql.raw(UNDONE)}
        and new.repossessed_at is not distinct from old.repossessed_at then
        new.repossessed_at := null;
        new.recovery_date := null;
        new.recovery_time := null;
        return new;
      end if;
      if tg_op = 'INSERT' then
        if new.repossessed_at is null and new.recovery_date is not null then
          new.repossessed_at := recovery_moment(new.recovery_date, new.recovery_time);
          derived := true;
        end if;
      elsif new.repossessed_at is not distinct from old.repossessed_at
        and (new.recovery_date is distinct from old.recovery_date or new.recovery_time is distinct from old.recovery_time) then
        new.repossessed_at := coalesce(recovery_moment(new.recovery_date, new.recovery_time),
          case when new.status = 'Repossessed' then old.repossessed_at end);
        derived := new.recovery_date is not null;
      end if;
      if new.repossessed_at is null and new.status = 'Repossessed' then
        new.repossessed_at := now();
        derived := false;
      end if;
      if new.repossessed_at is not null and not derived then
        new.recovery_date := (new.repossessed_at at time zone ${ZONE})::date;
        new.recovery_time := to_char(new.repossessed_at at time zone ${ZONE}, 'FMHH12:MI AM');
      end if;
      return new;
    end $$`.execute(db)
  await sql`create trigger orders_repossession_moment before insert or update on orders
    for each row execute function orders_repossession_moment()`.execute(db)

  // An RDN case's moment: given, else from a changed repo day (keeping the clock), else kept while
  // Repossessed (a sync that drops it); a move to Repossessed without one is stamped now.
  await sql`create function rdn_cases_repossession_moment() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if new.time_marked_repossessed is null and new.repo_date is not null then
          new.time_marked_repossessed := new.repo_date::timestamp at time zone ${ZONE};
        end if;
      else
        if new.time_marked_repossessed is not distinct from old.time_marked_repossessed
          and new.repo_date is distinct from old.repo_date then
          new.time_marked_repossessed := (new.repo_date
            + coalesce((old.time_marked_repossessed at time zone ${ZONE})::time, time '00:00')) at time zone ${ZONE};
        end if;
        if new.time_marked_repossessed is null and new.status = 'Repossessed' then
          new.time_marked_repossessed := old.time_marked_repossessed;
        end if;
      end if;
      if new.time_marked_repossessed is null and new.status = 'Repossessed' then
        new.time_marked_repossessed := now();
      end if;
      if new.time_marked_repossessed is not null then
        new.repo_date := (new.time_marked_repossessed at time zone ${ZONE})::date;
      end if;
      return new;
    end $$`.execute(db)
  await sql`create trigger rdn_cases_repossession_moment before insert or update on rdn_cases
    for each row execute function rdn_cases_repossession_moment()`.execute(db)

  // The recovery completion (who recovered it) carries the same moment (migration 032's trigger).
  await sql`create or replace function record_order_repossession() returns trigger language plpgsql as $$
    begin
      if new.status = 'Repossessed' and new.assigned_agent_id is not null
         and old.status is distinct from new.status
         and not exists (select 1 from repo_completions r where r.order_id = new.id) then
        insert into repo_completions (company_id, order_id, agent_id, completed_at)
          values (new.company_id, new.id, new.assigned_agent_id, coalesce(new.repossessed_at, now()));
      elsif old.status = 'Repossessed' and new.status in ${sql.raw(UNDONE)}
         and not exists (select 1 from pay_lines l where l.company_id = new.company_id and l.event_key = 'recovery:order:' || new.id) then
        delete from repo_completions where order_id = new.id;
      end if;
      return null;
    end $$`.execute(db)
}

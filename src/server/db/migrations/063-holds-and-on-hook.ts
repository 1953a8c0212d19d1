import { type Kysely, sql } from 'kysely'
import { FIELD_STOP_STATUSES, HOLD_STATUSES } from '../../../domain/holds/field-stops'
import { caseLabel, rdnAgentPerson } from './023-notifications'

/**
 * Holds and On-Hook (issue 44, docs/decisions/034). Which statuses stop field work is data
 * (order_statuses.stops_field_work). Every path that changes a case's status (an edit, an On-Hook,
 * an import, the RDN sync) passes the same row trigger, which settles a hold and a recovery arriving
 * together in one order, under the row's lock:
 * - a move to Repossessed by a person (source 'person' or 'dashboard') from a stopping status is
 *   refused (SQLSTATE RD409); an import or the sync, which mirror what happened elsewhere, pass and
 *   count among the recoveries after a hold;
 * - a hold reaching a case already Repossessed leaves it Repossessed and is kept as 'arrived after
 *   recovery', flagged for the client.
 * A statement trigger keeps case_holds (who, how, why, when placed and lifted) and tells the case's
 * people and the field managers of its market at once (an urgent notification, which the
 * notifications trigger pushes to open screens).
 */

/** The SQLSTATE of a person's recovery refused on a stopped case. */
const CASE_STOPPED_SQLSTATE = 'RD409'

const ACTOR = sql.raw(`nullif(current_setting('recovery_desk.actor_profile_id', true), '')::uuid`)
const SOURCE = sql.raw(`coalesce(nullif(current_setting('recovery_desk.change_source', true), ''), 'system')`)
const HOLDS = sql.raw(`(${HOLD_STATUSES.map((status) => `'${status}'`).join(', ')})`)

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_statuses add column stops_field_work boolean not null default false`.execute(db)
  await sql`update order_statuses set stops_field_work = true where name in (${sql.join(FIELD_STOP_STATUSES)})`.execute(
    db,
  )
  await sql`create function field_work_stopped(status text) returns boolean language sql stable as $$
    select coalesce((select stops_field_work from order_statuses where name = status), false) $$`.execute(db)

  // Why a case is put on hold, given by the writer with the status (an edit, an import column, the sync).
  await sql`alter table orders add column hold_reason text`.execute(db)
  await sql`alter table rdn_cases add column hold_reason text`.execute(db)
  // 'Yes with photo': the client wants a photo with every On-Hook.
  await sql`alter table clients add column on_hook_photo_required boolean not null default false`.execute(db)

  await sql`create table case_holds (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    order_id uuid references orders (id) on delete cascade,
    rdn_case_id uuid references rdn_cases (id) on delete cascade,
    status text not null,
    reason text,
    source text not null,
    placed_by_profile_id uuid references profiles (id) on delete set null,
    placed_at timestamptz not null default now(),
    arrived_after_recovery boolean not null default false,
    lifted_at timestamptz,
    check (num_nonnulls(order_id, rdn_case_id) = 1)
  )`.execute(db)
  await sql`create index case_holds_order_idx on case_holds (order_id, placed_at desc) where order_id is not null`.execute(
    db,
  )
  await sql`create index case_holds_rdn_case_idx on case_holds (rdn_case_id, placed_at desc) where rdn_case_id is not null`.execute(
    db,
  )
  await sql`create index case_holds_company_idx on case_holds (company_id, placed_at desc)`.execute(db)

  // Who has seen a hold: delivered to an open screen, read.
  await sql`create table hold_receipts (
    hold_id uuid not null references case_holds (id) on delete cascade,
    profile_id uuid not null references profiles (id) on delete cascade,
    company_id uuid not null references companies (id),
    notified_at timestamptz not null default now(),
    delivered_at timestamptz,
    read_at timestamptz,
    primary key (hold_id, profile_id)
  )`.execute(db)
  await sql`create index hold_receipts_profile_idx on hold_receipts (profile_id, hold_id)`.execute(db)

  // On-Hook and Yield: recorded once, never edited (a correction is a new entry naming the one it corrects).
  await sql`create table recovery_acts (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    order_id uuid references orders (id) on delete cascade,
    rdn_case_id uuid references rdn_cases (id) on delete cascade,
    kind text not null check (kind in ('on_hook', 'yield')),
    recorded_at timestamptz not null default now(),
    recorded_by_profile_id uuid not null references profiles (id),
    device_time timestamptz,
    latitude double precision check (latitude between -90 and 90),
    longitude double precision check (longitude between -180 and 180),
    accuracy_m double precision check (accuracy_m >= 0),
    photo_file_id uuid references stored_files (id),
    address text,
    yield_reason text,
    note text,
    corrects_id uuid references recovery_acts (id),
    correction_reason text,
    check (num_nonnulls(order_id, rdn_case_id) = 1),
    check ((corrects_id is null) = (correction_reason is null)),
    check (kind = 'on_hook' or yield_reason is not null)
  )`.execute(db)
  await sql`create unique index recovery_acts_one_on_hook_idx on recovery_acts (coalesce(order_id, rdn_case_id))
    where kind = 'on_hook' and corrects_id is null`.execute(db)
  await sql`create index recovery_acts_order_idx on recovery_acts (order_id, recorded_at) where order_id is not null`.execute(
    db,
  )
  await sql`create index recovery_acts_rdn_case_idx on recovery_acts (rdn_case_id, recorded_at) where rdn_case_id is not null`.execute(
    db,
  )
  await sql`create function recovery_acts_unchanged() returns trigger language plpgsql as $$
    begin
      raise exception 'A recorded On-Hook or Yield is never edited: record a correction with a reason.';
    end $$`.execute(db)
  await sql`create trigger recovery_acts_unchanged before update on recovery_acts
    for each row execute function recovery_acts_unchanged()`.execute(db)

  // The race, settled under the row lock (fires before migration 039's moment trigger: names sort).
  await sql`create function case_field_stop() returns trigger language plpgsql as $$
    begin
      if new.status is not distinct from old.status then return new; end if;
      if new.status = 'Repossessed' and field_work_stopped(old.status) and ${SOURCE} in ('person', 'dashboard') then
        raise exception 'This case is stopped (%): do not recover.', old.status using errcode = ${sql.lit(CASE_STOPPED_SQLSTATE)};
      end if;
      if old.status = 'Repossessed' and new.status in ${HOLDS} then
        insert into case_holds (company_id, order_id, rdn_case_id, status, reason, source, placed_by_profile_id, arrived_after_recovery)
          values (new.company_id,
            case when tg_table_name = 'orders' then new.id end,
            case when tg_table_name = 'rdn_cases' then new.id end,
            new.status, new.hold_reason, ${SOURCE}, ${ACTOR}, true);
        new.status := old.status;
      end if;
      return new;
    end $$`.execute(db)
  for (const table of ['orders', 'rdn_cases']) {
    await sql`create trigger ${sql.raw(`${table}_field_stop`)} before update on ${sql.raw(table)}
      for each row execute function case_field_stop()`.execute(db)
  }

  await holdRecords(db)
  await holdNotices(db)
}

/**
 * case_holds follows every status change: a move into a stopping status places one, a move out lifts
 * it. Planned without JIT, as every statement trigger on the cases (migration 048).
 */
async function holdRecords(db: Kysely<unknown>) {
  for (const [table, column] of [
    ['orders', 'order_id'],
    ['rdn_cases', 'rdn_case_id'],
  ] as const) {
    const other = column === 'order_id' ? 'rdn_case_id' : 'order_id'
    await sql`create function ${sql.raw(`${table}_hold_records`)}() returns trigger language plpgsql set jit = off as $$
      begin
        if tg_op = 'UPDATE' then
          update case_holds h set lifted_at = now()
            from new_rows n join old_rows o on o.id = n.id
            where h.${sql.raw(column)} = n.id and h.lifted_at is null and not h.arrived_after_recovery
              and n.status is distinct from o.status and field_work_stopped(o.status);
          insert into case_holds (company_id, ${sql.raw(column)}, ${sql.raw(other)}, status, reason, source, placed_by_profile_id)
            select n.company_id, n.id, null, n.status, n.hold_reason, ${SOURCE}, ${ACTOR}
            from new_rows n join old_rows o on o.id = n.id
            where n.status is distinct from o.status and field_work_stopped(n.status);
        else
          -- A case created on hold (an import, the sync) is a hold; one created closed is history.
          insert into case_holds (company_id, ${sql.raw(column)}, ${sql.raw(other)}, status, reason, source, placed_by_profile_id)
            select n.company_id, n.id, null, n.status, n.hold_reason, ${SOURCE}, ${ACTOR}
            from new_rows n where n.status in ${HOLDS};
        end if;
        return null;
      end $$`.execute(db)
    await sql`create trigger ${sql.raw(`${table}_hold_records_updated`)} after update on ${sql.raw(table)}
      referencing old table as old_rows new table as new_rows
      for each statement execute function ${sql.raw(`${table}_hold_records`)}()`.execute(db)
    await sql`create trigger ${sql.raw(`${table}_hold_records_inserted`)} after insert on ${sql.raw(table)}
      referencing new table as new_rows
      for each statement execute function ${sql.raw(`${table}_hold_records`)}()`.execute(db)
  }
}

/** Who a hold reaches: the case's agent and camera car driver, and the field managers of its market. */
async function holdNotices(db: Kysely<unknown>) {
  await sql`create function case_holds_notify() returns trigger language plpgsql set jit = off as $$
    begin
      -- Each hold's people: its case's agent and camera car driver (looked up once per hold) and the
      -- field managers of its market (read once per statement): never a person-by-hold product.
      with managers as (
        select p.company_id, p.id, trim(m) as market
        from profiles p cross join lateral regexp_split_to_table(coalesce(p.market, ''), '[,;]') m
        where p.role = 'field_manager' and p.active and p.company_id in (select company_id from new_rows)
      ), targets as (
        select h.id as hold_id, h.company_id, h.order_id, null::uuid as rdn_case_id, h.placed_by_profile_id,
          '/order/' || o.id as href,
          case when h.arrived_after_recovery then 'Hold arrived after recovery on order ' else 'HOLD: do not recover order ' end
            || ${caseLabel('o', 'coalesce(o.case_number, o.order_number)')} || ' (' || h.status || ')'
            || coalesce(': ' || h.reason, '') as message,
          o.assigned_agent_id as agent, o.assigned_camera_driver_id as camera, o.detected_market as market
        from new_rows h
        cross join lateral (select * from orders where orders.id = h.order_id) o
        where h.order_id is not null
        union all
        select h.id, h.company_id, null, h.rdn_case_id, h.placed_by_profile_id, '/cases/' || c.case_id,
          case when h.arrived_after_recovery then 'Hold arrived after recovery on RDN case ' else 'HOLD: do not recover RDN case ' end
            || ${caseLabel('c', 'coalesce(c.case_number, c.case_id::text)')} || ' (' || h.status || ')'
            || coalesce(': ' || h.reason, ''),
          ${rdnAgentPerson('c.company_id', 'c.assigned_agent_id')}, c.assigned_camera_driver_id, c.detected_market
        from new_rows h
        cross join lateral (select * from rdn_cases where rdn_cases.id = h.rdn_case_id) c
        where h.rdn_case_id is not null
      ), reached as (
        select distinct t.hold_id, t.company_id, p.id as profile_id, t.order_id, t.rdn_case_id, t.href, t.message
        from targets t
        cross join lateral (
          select t.agent as id
          union all select t.camera
          union all select m.id from managers m where m.company_id = t.company_id and m.market = t.market
        ) who
        join profiles p on p.id = who.id and p.company_id = t.company_id and p.active
        where p.id is distinct from t.placed_by_profile_id
      ), noticed as (
        insert into notifications (company_id, profile_id, kind, order_id, rdn_case_id, href, message, dedupe_key)
          select company_id, profile_id, 'hold', order_id, rdn_case_id, href, message, 'hold:' || hold_id from reached
        on conflict do nothing
      )
      insert into hold_receipts (hold_id, profile_id, company_id)
        select hold_id, profile_id, company_id from reached
      on conflict do nothing;
      return null;
    end $$`.execute(db)
  await sql`create trigger case_holds_notify after insert on case_holds referencing new table as new_rows
    for each statement execute function case_holds_notify()`.execute(db)
}

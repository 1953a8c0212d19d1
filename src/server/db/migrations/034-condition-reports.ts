import { type Kysely, sql } from 'kysely'

/**
 * Condition reports (issue 20): per recovered order or RDN case, versions of a report (photos by
 * slot, odometer, keys, drivable, damage marks with their photos, notes). One draft at a time per
 * case; an accepted version is locked by trigger, and a change is the next version. A client may
 * name its own list of required photos.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table clients add column condition_photo_slots text[]`.execute(db)
  await sql`create table condition_reports (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    case_key text not null,
    order_id uuid references orders (id) on delete cascade,
    rdn_case_id uuid references rdn_cases (id) on delete cascade,
    version integer not null check (version >= 1),
    status text not null default 'draft' check (status in ('draft', 'accepted')),
    odometer integer check (odometer >= 0),
    keys_present boolean,
    key_type text,
    drivable boolean,
    notes text,
    created_by_profile_id uuid,
    accepted_by_profile_id uuid,
    accepted_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, case_key, version),
    check ((order_id is null) <> (rdn_case_id is null))
  )`.execute(db)
  await sql`create unique index condition_reports_one_draft_idx on condition_reports (company_id, case_key) where status = 'draft'`.execute(
    db,
  )
  await sql`create table condition_report_photos (
    report_id uuid not null references condition_reports (id) on delete cascade,
    slot text not null,
    file_id uuid not null references stored_files (id),
    primary key (report_id, slot)
  )`.execute(db)
  await sql`create table condition_report_damages (
    id uuid primary key default gen_random_uuid(),
    report_id uuid not null references condition_reports (id) on delete cascade,
    position integer not null,
    area text not null,
    description text not null,
    file_id uuid references stored_files (id)
  )`.execute(db)
  await sql`create index condition_report_damages_report_idx on condition_report_damages (report_id, position)`.execute(
    db,
  )

  // An accepted report never changes: not its fields, not its photos, not its damage marks.
  await sql`create function refuse_accepted_report_change() returns trigger language plpgsql as $$
    declare report uuid;
    begin
      if tg_table_name = 'condition_reports' then
        if old.status = 'accepted' and pg_trigger_depth() = 1 then
          raise exception 'An accepted condition report never changes; amend it as a new version' using errcode = 'P0001';
        end if;
      else
        report := case when tg_op = 'INSERT' then new.report_id else old.report_id end;
        if pg_trigger_depth() = 1 and exists (select 1 from condition_reports r where r.id = report and r.status = 'accepted') then
          raise exception 'An accepted condition report never changes; amend it as a new version' using errcode = 'P0001';
        end if;
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end $$`.execute(db)
  await sql`create trigger condition_reports_locked before update or delete on condition_reports
    for each row execute function refuse_accepted_report_change()`.execute(db)
  for (const table of ['condition_report_photos', 'condition_report_damages'])
    await sql`create trigger ${sql.raw(`${table}_locked`)} before insert or update or delete on ${sql.raw(table)}
      for each row execute function refuse_accepted_report_change()`.execute(db)
}

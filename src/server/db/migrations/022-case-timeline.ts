import { type Kysely, sql } from 'kysely'

/** The transaction-local settings a writer sets to name who made a change and how (records/change-actor.ts). */
export const ACTOR_SETTING = 'recovery_desk.actor_profile_id'
export const SOURCE_SETTING = 'recovery_desk.change_source'

/** The order fields whose every change lands on the timeline (everything a person reads on the order). */
export const ORDER_FIELDS = [
  'case_number',
  'order_number',
  'status',
  'priority',
  'due_date',
  'order_date',
  'close_date',
  'assigned_agent_id',
  'assigned_camera_driver_id',
  'client_id',
  'make',
  'model',
  'year',
  'color',
  'vin',
  'license_plate',
  'borrower_name',
  'borrower_phone',
  'borrower_address',
  'borrower_city',
  'borrower_state',
  'borrower_zip',
  'borrower_work_address',
  'borrower_work_city',
  'borrower_work_state',
  'borrower_work_zip',
  'last_known_address',
  'last_known_city',
  'last_known_state',
  'last_known_zip',
  'last_spotted_location',
  'last_spotted_at',
  'recovery_location',
  'recovery_city',
  'recovery_state',
  'recovery_zip',
  'recovery_date',
  'recovery_time',
  'repo_type',
  'condition_notes',
  'lienholder_name',
  'keys_obtained',
]

/** The RDN case fields tracked; the detected market is derived by us, so not a change to the case. */
export const CASE_FIELDS = [
  'case_number',
  'order_type',
  'status',
  'substatus',
  'priority',
  'assigned_agent_id',
  'make',
  'model',
  'year',
  'color',
  'vin',
  'order_date',
  'repo_date',
  'close_date',
  'close_reason',
  'lender_name',
  'lender_phone',
  'lienholder_name',
  'debtor_name',
  'debtor_phone',
  'debtor_address',
  'debtor_city',
  'debtor_state',
  'debtor_zip',
  'debtor_work_address',
  'additional_address',
  'vehicle_license_state',
  'vehicle_license_number',
  'recovery_address',
  'recovery_city',
  'recovery_state',
  'recovery_zip',
  'is_violent',
  'time_marked_repossessed',
  'vendor_branch_name',
  'storage_location_name',
  'lot_processing_status',
]

export const actor = sql.raw(`nullif(current_setting('${ACTOR_SETTING}', true), '')::uuid`)
export const source = sql.raw(`coalesce(nullif(current_setting('${SOURCE_SETTING}', true), ''), 'system')`)

/** One (field, old, new) row per tracked column of a changed row, for the statement triggers below. */
export const changedFields = (fields: string[]) =>
  sql.raw(fields.map((field) => `('${field}', o.${field}::text, n.${field}::text)`).join(',\n        '))

/**
 * Every order's and RDN case's history in one audit-style table (issue 16): its creation, each
 * field change (old, new, who, how) and each note. Statement triggers write the creations and
 * changes, so imports, syncs, dashboard actions and edits all land here whatever code path made
 * them; a writer names the person and the source in transaction-local settings. No foreign keys
 * (to the case or the company): a per-row key check would cost every imported order a lookup and
 * a row lock (docs/decisions/007); an entry copies its case's company, and the delete triggers
 * take a deleted case's entries with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table case_timeline (
    id bigint generated always as identity primary key,
    company_id uuid not null,
    order_id uuid,
    rdn_case_id uuid,
    kind text not null check (kind in ('created', 'change', 'note')),
    field text,
    old_value text,
    new_value text,
    note_type text check (note_type in ('Agent Update', 'Office Note', 'Lender Update')),
    body text check (char_length(body) <= 1500),
    actor_profile_id uuid,
    source text not null check (source in ('person', 'dashboard', 'import', 'sync', 'system')),
    created_at timestamptz not null default now(),
    check (num_nonnulls(order_id, rdn_case_id) = 1),
    check ((kind = 'note') = (body is not null and note_type is not null)),
    check ((kind = 'change') = (field is not null))
  )`.execute(db)
  // The newest first, by the identity (it only grows): one index range per page.
  await sql`create index case_timeline_order_idx on case_timeline (order_id, id desc) where order_id is not null`.execute(
    db,
  )
  await sql`create index case_timeline_rdn_case_idx on case_timeline (rdn_case_id, id desc) where rdn_case_id is not null`.execute(
    db,
  )

  for (const [table, column, fields] of [
    ['orders', 'order_id', ORDER_FIELDS],
    ['rdn_cases', 'rdn_case_id', CASE_FIELDS],
  ] as const) {
    const target = sql.raw(column)
    await sql`create function ${sql.raw(`${table}_timeline_created`)}() returns trigger language plpgsql as $$
      begin
        insert into case_timeline (company_id, ${target}, kind, actor_profile_id, source)
          select company_id, id, 'created', ${actor}, ${source} from new_rows;
        return null;
      end $$`.execute(db)
    await sql`create function ${sql.raw(`${table}_timeline_changed`)}() returns trigger language plpgsql as $$
      begin
        insert into case_timeline (company_id, ${target}, kind, field, old_value, new_value, actor_profile_id, source)
          select n.company_id, n.id, 'change', c.field, c.old_value, c.new_value, ${actor}, ${source}
          from new_rows n
          join old_rows o on o.id = n.id
          cross join lateral (values
            ${changedFields(fields)}
          ) as c (field, old_value, new_value)
          where c.old_value is distinct from c.new_value;
        return null;
      end $$`.execute(db)
    await sql`create function ${sql.raw(`${table}_timeline_deleted`)}() returns trigger language plpgsql as $$
      begin
        delete from case_timeline where ${target} in (select id from old_rows);
        return null;
      end $$`.execute(db)
    await sql`create trigger ${sql.raw(`${table}_timeline_created`)} after insert on ${sql.raw(table)}
      referencing new table as new_rows for each statement execute function ${sql.raw(`${table}_timeline_created`)}()`.execute(
      db,
    )
    await sql`create trigger ${sql.raw(`${table}_timeline_changed`)} after update on ${sql.raw(table)}
      referencing old table as old_rows new table as new_rows
      for each statement execute function ${sql.raw(`${table}_timeline_changed`)}()`.execute(db)
    await sql`create trigger ${sql.raw(`${table}_timeline_deleted`)} after delete on ${sql.raw(table)}
      referencing old table as old_rows for each statement execute function ${sql.raw(`${table}_timeline_deleted`)}()`.execute(
      db,
    )
    // TRUNCATE skips the delete triggers: the entries go with the rows.
    await sql`create function ${sql.raw(`${table}_timeline_truncated`)}() returns trigger language plpgsql as $$
      begin
        delete from case_timeline where ${target} is not null;
        return null;
      end $$`.execute(db)
    await sql`create trigger ${sql.raw(`${table}_timeline_truncated`)} after truncate on ${sql.raw(table)}
      for each statement execute function ${sql.raw(`${table}_timeline_truncated`)}()`.execute(db)
  }

  // A locksmith's key job is work on the order too.
  await sql`create function key_jobs_timeline() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.state is not distinct from new.state then
        return null;
      end if;
      insert into case_timeline (company_id, order_id, kind, field, old_value, new_value, actor_profile_id, source)
        values (new.company_id, new.order_id, 'change', 'key_job',
          case when tg_op = 'UPDATE' then old.state end, new.state, ${actor}, ${source});
      return null;
    end $$`.execute(db)
  await sql`create trigger key_jobs_timeline after insert or update of state on key_jobs
    for each row execute function key_jobs_timeline()`.execute(db)
}

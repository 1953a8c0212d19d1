import { type Kysely, sql } from 'kysely'
import { actor, CASE_FIELDS, changedFields, ORDER_FIELDS, source } from './022-case-timeline'

/** A client's update cadence when none is set (issue 19: 'default 3'). */
const DEFAULT_CADENCE_DAYS = 3

/**
 * Agent Assignment (issue 19): each case's assignment state (Active, On Hold, Closed), when its
 * recovery agent was put on it and when that agent last wrote an Agent Update, the camera car
 * driver of an RDN case, and each client's update cadence in days.
 *
 * Whatever path assigns an agent (the board, the order detail, the field manager's dashboard, an
 * import, the RDN sync), a row trigger that fires only when the agent changes stamps the time; an
 * Agent Update note on the case timeline stamps the last update. The board, the map and the
 * agent's dashboard read both columns instead of searching the timeline per case. The state and
 * the RDN case's camera car driver join the fields whose every change lands on the timeline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table clients add column update_cadence_days integer not null default ${sql.lit(DEFAULT_CADENCE_DAYS)}
    check (update_cadence_days between 1 and 90)`.execute(db)
  for (const table of ['orders', 'rdn_cases']) {
    const t = sql.raw(table)
    await sql`alter table ${t}
      add column assignment_state text not null default 'Active' check (assignment_state in ('Active', 'On Hold', 'Closed')),
      add column agent_assigned_at timestamptz,
      add column last_agent_update_at timestamptz`.execute(db)
  }
  await sql`alter table rdn_cases add column assigned_camera_driver_id uuid references profiles (id) on delete set null`.execute(
    db,
  )

  // Cases already assigned: since their last agent change on the timeline, else since they were made.
  for (const [table, column] of [
    ['orders', 'order_id'],
    ['rdn_cases', 'rdn_case_id'],
  ] as const) {
    const t = sql.raw(table)
    const c = sql.raw(column)
    await sql`update ${t} x set agent_assigned_at = coalesce(
        (select max(created_at) from case_timeline where ${c} = x.id and field = 'assigned_agent_id'), x.created_at)
      where assigned_agent_id is not null`.execute(db)
    await sql`update ${t} x set last_agent_update_at = u.at
      from (select ${c} as id, max(created_at) as at from case_timeline
            where kind = 'note' and note_type = 'Agent Update' and ${c} is not null group by ${c}) u
      where x.id = u.id`.execute(db)

    await sql`create function ${sql.raw(`${table}_agent_assigned_at`)}() returns trigger language plpgsql as $$
      begin
        new.agent_assigned_at := case when new.assigned_agent_id is null then null else now() end;
        return new;
      end $$`.execute(db)
    await sql`create trigger ${sql.raw(`${table}_agent_assigned_on_insert`)} before insert on ${t}
      for each row when (new.assigned_agent_id is not null and new.agent_assigned_at is null)
      execute function ${sql.raw(`${table}_agent_assigned_at`)}()`.execute(db)
    await sql`create trigger ${sql.raw(`${table}_agent_assigned_on_update`)} before update of assigned_agent_id on ${t}
      for each row when (old.assigned_agent_id is distinct from new.assigned_agent_id)
      execute function ${sql.raw(`${table}_agent_assigned_at`)}()`.execute(db)
  }

  await sql`create function case_timeline_agent_update() returns trigger language plpgsql as $$
    begin
      -- A statement trigger fires for no rows too: the update below would start the orders' own triggers again.
      if not exists (select 1 from new_rows where kind = 'note' and note_type = 'Agent Update') then
        return null;
      end if;
      update orders o set last_agent_update_at = u.at
        from (select order_id, max(created_at) as at from new_rows
              where kind = 'note' and note_type = 'Agent Update' and order_id is not null group by order_id) u
        where o.id = u.order_id and (o.last_agent_update_at is null or o.last_agent_update_at < u.at);
      update rdn_cases c set last_agent_update_at = u.at
        from (select rdn_case_id, max(created_at) as at from new_rows
              where kind = 'note' and note_type = 'Agent Update' and rdn_case_id is not null group by rdn_case_id) u
        where c.id = u.rdn_case_id and (c.last_agent_update_at is null or c.last_agent_update_at < u.at);
      return null;
    end $$`.execute(db)
  await sql`create trigger case_timeline_agent_update after insert on case_timeline referencing new table as new_rows
    for each statement execute function case_timeline_agent_update()`.execute(db)

  // The state (and an RDN case's camera car driver) land on the timeline like every other field.
  for (const [table, column, fields] of [
    ['orders', 'order_id', [...ORDER_FIELDS, 'assignment_state']],
    ['rdn_cases', 'rdn_case_id', [...CASE_FIELDS, 'assignment_state', 'assigned_camera_driver_id']],
  ] as const) {
    await sql`create or replace function ${sql.raw(`${table}_timeline_changed`)}() returns trigger language plpgsql as $$
      begin
        insert into case_timeline (company_id, ${sql.raw(column)}, kind, field, old_value, new_value, actor_profile_id, source)
          select n.company_id, n.id, 'change', c.field, c.old_value, c.new_value, ${actor}, ${source}
          from new_rows n
          join old_rows o on o.id = n.id
          cross join lateral (values
            ${changedFields([...fields])}
          ) as c (field, old_value, new_value)
          where c.old_value is distinct from c.new_value;
        return null;
      end $$`.execute(db)
  }
}

import { type Kysely, sql } from 'kysely'

/** The channel a server instance LISTENs on for a person's notifications (one message per person per statement). */
export const NOTIFICATIONS_CHANNEL = 'notifications_changed'

/** A person's name as the product shows it (domain/profiles/display.ts): full name, else e-mail. */
export const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.email)`)

/** 'CASE-1 (2019 Toyota Camry)', or without the vehicle when none is known. */
export const caseLabel = (alias: string, number: string) =>
  sql.raw(
    `${number} || coalesce(' (' || nullif(concat_ws(' ', ${alias}.year, ${alias}.make, ${alias}.model), '') || ')', '')`,
  )

/**
 * The person an RDN agent id is (as agentRdnIds in queries/case-filters.ts): a mapping of the id, else
 * the profile whose own RDN id number it is, unless that id is mapped to someone else.
 */
export const rdnAgentPerson = (companyRef: string, agentIdRef: string) =>
  sql.raw(`(
    select coalesce(
      (select m.profile_id from rdn_agent_mappings m where m.company_id = ${companyRef} and m.rdn_agent_id = ${agentIdRef}),
      (select p.id from profiles p where p.company_id = ${companyRef} and p.rdn_id_number = ${agentIdRef}
         order by p.created_at limit 1)
    ))`)

/**
 * Real notifications (issue 16): a link and a case reference on each, a dedupe key so a repeated
 * source never tells a person twice, the indexes of a person's list (newest first) and unread count,
 * a NOTIFY per person per statement for live updates on every instance, and the sources the
 * database sees whatever code path made them: an assignment (a timeline change of an assigned
 * field) and a note on a case one is assigned, both written from the case timeline (migration 022),
 * whose actor is never told of their own doing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications
    add column href text,
    add column rdn_case_id uuid references rdn_cases (id) on delete cascade,
    add column dedupe_key text`.execute(db)
  await sql`update notifications set href = '/order/' || order_id where order_id is not null and href is null`.execute(
    db,
  )
  await sql`create unique index notifications_dedupe_idx on notifications (profile_id, dedupe_key) where dedupe_key is not null`.execute(
    db,
  )
  // The list pages by (created_at, id) descending; the unread count keeps the partial index of 014.
  await sql`create index notifications_profile_list_idx on notifications (profile_id, created_at desc, id desc)`.execute(
    db,
  )
  await sql`create index notifications_rdn_case_idx on notifications (rdn_case_id) where rdn_case_id is not null`.execute(
    db,
  )
  await sql`create index notifications_order_idx on notifications (order_id) where order_id is not null`.execute(db)

  // The stale-case check's progress (notifications/stale-check.ts): each run looks only at what
  // became stale since the last one, so it stays cheap at a million orders.
  await sql`create table notification_checks (
    name text primary key,
    checked_until timestamptz not null
  )`.execute(db)
  // Assigned, unfinished orders by their last update: where the stale check's window starts.
  await sql`create index orders_stale_check_idx on orders (updated_at)
    where assigned_agent_id is not null and status not in ('Closed', 'Completed', 'Completed-Located', 'Charged Off')`.execute(
    db,
  )
  await sql`create index rdn_cases_stale_check_idx on rdn_cases (updated_at)
    where assigned_agent_id is not null and status not in ('Closed', 'Completed', 'Completed-Located', 'Charged Off')`.execute(
    db,
  )
  // The timeline only grows, in time order: a BRIN index finds a time range for next to nothing.
  await sql`create index case_timeline_created_brin on case_timeline using brin (created_at)`.execute(db)

  await sql`create function notify_notifications_changed() returns trigger language plpgsql as $$
    declare person uuid;
    begin
      for person in select distinct profile_id from new_rows loop
        perform pg_notify(${sql.lit(NOTIFICATIONS_CHANNEL)}, json_build_object('profileId', person, 'op', tg_op)::text);
      end loop;
      return null;
    end $$`.execute(db)
  await sql`create trigger notifications_inserted after insert on notifications referencing new table as new_rows
    for each statement execute function notify_notifications_changed()`.execute(db)
  await sql`create trigger notifications_updated after update on notifications referencing new table as new_rows
    for each statement execute function notify_notifications_changed()`.execute(db)

  await sql`create function case_timeline_notify_people() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from new_rows where kind = 'change' and field in ('assigned_agent_id', 'assigned_camera_driver_id')) then
      -- An order assigned to a person (agent or camera car driver): that person, unless they did it.
      insert into notifications (company_id, profile_id, kind, order_id, href, message, dedupe_key)
        select t.company_id, p.id, 'assigned', o.id, '/order/' || o.id,
          'You were assigned order ' || ${caseLabel('o', 'coalesce(o.case_number, o.order_number)')}
            || case when t.field = 'assigned_camera_driver_id' then ' as its camera car driver.' else '.' end,
          'timeline:' || t.id
        from new_rows t
        -- One index lookup per entry, never a scan of every order: a transition table has no statistics.
        cross join lateral (select * from orders where orders.id = t.order_id) o
        -- Guarded: the join may be tried on other fields' values, which are no uuid.
        join profiles p on p.id = (case when t.field in ('assigned_agent_id', 'assigned_camera_driver_id')
          then t.new_value::uuid end) and p.company_id = t.company_id and p.active
        where t.kind = 'change' and t.order_id is not null
          and t.field in ('assigned_agent_id', 'assigned_camera_driver_id') and t.new_value is not null
          and p.id is distinct from t.actor_profile_id
      on conflict do nothing;

      -- An RDN case whose agent id is now a person's.
      insert into notifications (company_id, profile_id, kind, rdn_case_id, href, message, dedupe_key)
        select t.company_id, agent.id, 'assigned', c.id, '/cases/' || c.case_id,
          'You were assigned RDN case ' || ${caseLabel('c', 'coalesce(c.case_number, c.case_id::text)')} || '.',
          'timeline:' || t.id
        from new_rows t
        cross join lateral (select * from rdn_cases where rdn_cases.id = t.rdn_case_id) c
        cross join lateral ${rdnAgentPerson('t.company_id', 't.new_value')} as agent (id)
        join profiles p on p.id = agent.id and p.active
        where t.kind = 'change' and t.rdn_case_id is not null and t.field = 'assigned_agent_id'
          and t.new_value is not null and agent.id is distinct from t.actor_profile_id
      on conflict do nothing;
      end if;

      if exists (select 1 from new_rows where kind = 'created') then
      -- An order created already assigned (an import, a seed): its people, unless they created it.
      insert into notifications (company_id, profile_id, kind, order_id, href, message, dedupe_key)
        select t.company_id, p.id, 'assigned', o.id, '/order/' || o.id,
          'You were assigned order ' || ${caseLabel('o', 'coalesce(o.case_number, o.order_number)')}
            || case when assigned.field = 'assigned_camera_driver_id' then ' as its camera car driver.' else '.' end,
          'timeline:' || t.id
        from new_rows t
        -- One index lookup per entry, never a scan of every order: a transition table has no statistics.
        cross join lateral (select * from orders where orders.id = t.order_id) o
        cross join lateral (values (o.assigned_agent_id, 'assigned_agent_id'), (o.assigned_camera_driver_id, 'assigned_camera_driver_id'))
          as assigned (id, field)
        join profiles p on p.id = assigned.id and p.company_id = t.company_id and p.active
        where t.kind = 'created' and t.order_id is not null and p.id is distinct from t.actor_profile_id
      on conflict do nothing;

      -- An RDN case that arrives already assigned (its first sync usually is): the person its agent id is.
      insert into notifications (company_id, profile_id, kind, rdn_case_id, href, message, dedupe_key)
        select t.company_id, agent.id, 'assigned', c.id, '/cases/' || c.case_id,
          'You were assigned RDN case ' || ${caseLabel('c', 'coalesce(c.case_number, c.case_id::text)')} || '.',
          'timeline:' || t.id
        from new_rows t
        cross join lateral (select * from rdn_cases where rdn_cases.id = t.rdn_case_id) c
        cross join lateral ${rdnAgentPerson('t.company_id', 'c.assigned_agent_id')} as agent (id)
        join profiles p on p.id = agent.id and p.active
        where t.kind = 'created' and t.rdn_case_id is not null and c.assigned_agent_id is not null
          and agent.id is distinct from t.actor_profile_id
      on conflict do nothing;
      end if;

      if exists (select 1 from new_rows where kind = 'note') then
      -- A note on an order: its agent and camera car driver, but not the note's author.
      insert into notifications (company_id, profile_id, kind, order_id, href, message, dedupe_key)
        select t.company_id, p.id, 'note', o.id, '/order/' || o.id,
          coalesce(${personName('author')}, 'Someone') || ' added ' || t.note_type || ' on order '
            || ${caseLabel('o', 'coalesce(o.case_number, o.order_number)')} || ': '
            || case when char_length(t.body) > 120 then left(t.body, 119) || '…' else t.body end,
          'timeline:' || t.id
        from new_rows t
        -- One index lookup per entry, never a scan of every order: a transition table has no statistics.
        cross join lateral (select * from orders where orders.id = t.order_id) o
        cross join lateral (values (o.assigned_agent_id), (o.assigned_camera_driver_id)) as assigned (id)
        join profiles p on p.id = assigned.id and p.company_id = t.company_id and p.active
        left join profiles author on author.id = t.actor_profile_id
        where t.kind = 'note' and t.order_id is not null and p.id is distinct from t.actor_profile_id
      on conflict do nothing;

      -- A note on an RDN case: the person its agent id is.
      insert into notifications (company_id, profile_id, kind, rdn_case_id, href, message, dedupe_key)
        select t.company_id, agent.id, 'note', c.id, '/cases/' || c.case_id,
          coalesce(${personName('author')}, 'Someone') || ' added ' || t.note_type || ' on RDN case '
            || ${caseLabel('c', 'coalesce(c.case_number, c.case_id::text)')} || ': '
            || case when char_length(t.body) > 120 then left(t.body, 119) || '…' else t.body end,
          'timeline:' || t.id
        from new_rows t
        cross join lateral (select * from rdn_cases where rdn_cases.id = t.rdn_case_id) c
        cross join lateral ${rdnAgentPerson('t.company_id', 'c.assigned_agent_id')} as agent (id)
        join profiles p on p.id = agent.id and p.active
        left join profiles author on author.id = t.actor_profile_id
        where t.kind = 'note' and t.rdn_case_id is not null and c.assigned_agent_id is not null
          and agent.id is distinct from t.actor_profile_id
      on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger case_timeline_notify_people after insert on case_timeline referencing new table as new_rows
    for each statement execute function case_timeline_notify_people()`.execute(db)
}

import { type Kysely, sql } from 'kysely'
import { ACTOR_SETTING } from './022-case-timeline'
import { caseLabel, personName, rdnAgentPerson } from './023-notifications'

const actor = sql.raw(`nullif(current_setting('${ACTOR_SETTING}', true), '')::uuid`)

const orderAssigned = (field: string) =>
  sql`'You were assigned order ' || ${caseLabel('n', 'coalesce(n.case_number, n.order_number)')}
    || case when ${sql.raw(field)} = 'assigned_camera_driver_id' then ' as its camera car driver.' else '.' end`
const caseAssigned = sql`'You were assigned RDN case ' || ${caseLabel('n', 'coalesce(n.case_number, n.case_id::text)')} || '.'`
const noteExcerpt = sql.raw(`case when char_length(t.body) > 120 then left(t.body, 119) || '…' else t.body end`)

/**
 * Migration 023 told people of assignments from the case timeline, looking each entry's case up in
 * orders or rdn_cases. A bulk write outdates those tables' statistics, and after Clear All Data
 * they say the table is empty: the planner then scanned a whole index per entry, and re-importing
 * 5,000 orders took 3 s on PostgreSQL and 8 s on PGlite, growing with the square of the rows.
 * Assignments are now told from the written rows themselves (each table's own statement triggers,
 * whose transition tables hold every column), so no statistics are involved. Notes stay on the
 * timeline, written one at a time, each looking its case up by key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function orders_notify_assigned() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        -- An order created already assigned (an import, a seed): its people, unless they created it.
        if not exists (select 1 from new_rows where assigned_agent_id is not null or assigned_camera_driver_id is not null) then
          return null;
        end if;
        insert into notifications (company_id, profile_id, kind, order_id, href, message, dedupe_key)
          select n.company_id, p.id, 'assigned', n.id, '/order/' || n.id, ${orderAssigned('a.field')},
            'created:' || n.id || ':' || a.field
          from new_rows n
          cross join lateral (values (n.assigned_agent_id, 'assigned_agent_id'),
            (n.assigned_camera_driver_id, 'assigned_camera_driver_id')) as a (id, field)
          join profiles p on p.id = a.id and p.company_id = n.company_id and p.active
          where p.id is distinct from ${actor}
        on conflict do nothing;
      else
        -- An order assigned to a person (agent or camera car driver): that person, unless they did it.
        insert into notifications (company_id, profile_id, kind, order_id, href, message)
          select n.company_id, p.id, 'assigned', n.id, '/order/' || n.id, ${orderAssigned('a.field')}
          from new_rows n
          join old_rows o on o.id = n.id
          cross join lateral (values (n.assigned_agent_id, o.assigned_agent_id, 'assigned_agent_id'),
            (n.assigned_camera_driver_id, o.assigned_camera_driver_id, 'assigned_camera_driver_id')) as a (id, old_id, field)
          join profiles p on p.id = a.id and p.company_id = n.company_id and p.active
          where a.id is distinct from a.old_id and p.id is distinct from ${actor};
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger orders_notify_assigned_inserted after insert on orders referencing new table as new_rows
    for each statement execute function orders_notify_assigned()`.execute(db)
  await sql`create trigger orders_notify_assigned_updated after update on orders
    referencing old table as old_rows new table as new_rows
    for each statement execute function orders_notify_assigned()`.execute(db)

  await sql`create function rdn_cases_notify_assigned() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        -- An RDN case that arrives already assigned (its first sync usually is): the person its agent id is.
        insert into notifications (company_id, profile_id, kind, rdn_case_id, href, message, dedupe_key)
          select n.company_id, agent.id, 'assigned', n.id, '/cases/' || n.case_id, ${caseAssigned}, 'created:' || n.id
          from new_rows n
          cross join lateral ${rdnAgentPerson('n.company_id', 'n.assigned_agent_id')} as agent (id)
          join profiles p on p.id = agent.id and p.active
          where n.assigned_agent_id is not null and agent.id is distinct from ${actor}
        on conflict do nothing;
      else
        -- An RDN case whose agent id is now a person's.
        insert into notifications (company_id, profile_id, kind, rdn_case_id, href, message)
          select n.company_id, agent.id, 'assigned', n.id, '/cases/' || n.case_id, ${caseAssigned}
          from new_rows n
          join old_rows o on o.id = n.id
          cross join lateral ${rdnAgentPerson('n.company_id', 'n.assigned_agent_id')} as agent (id)
          join profiles p on p.id = agent.id and p.active
          where n.assigned_agent_id is not null and n.assigned_agent_id is distinct from o.assigned_agent_id
            and agent.id is distinct from ${actor};
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger rdn_cases_notify_assigned_inserted after insert on rdn_cases referencing new table as new_rows
    for each statement execute function rdn_cases_notify_assigned()`.execute(db)
  await sql`create trigger rdn_cases_notify_assigned_updated after update on rdn_cases
    referencing old table as old_rows new table as new_rows
    for each statement execute function rdn_cases_notify_assigned()`.execute(db)

  await sql`create or replace function case_timeline_notify_people() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from new_rows where kind = 'note') then
        return null;
      end if;
      -- A note on an order: its agent and camera car driver, but not the note's author.
      insert into notifications (company_id, profile_id, kind, order_id, href, message, dedupe_key)
        select t.company_id, p.id, 'note', n.id, '/order/' || n.id,
          coalesce(${personName('author')}, 'Someone') || ' added ' || t.note_type || ' on order '
            || ${caseLabel('n', 'coalesce(n.case_number, n.order_number)')} || ': ' || ${noteExcerpt},
          'timeline:' || t.id
        from new_rows t
        -- offset 0: looked up by key per note, never flattened into a join planned on statistics.
        cross join lateral (select * from orders where orders.id = t.order_id offset 0) n
        cross join lateral (values (n.assigned_agent_id), (n.assigned_camera_driver_id)) as assigned (id)
        join profiles p on p.id = assigned.id and p.company_id = t.company_id and p.active
        left join profiles author on author.id = t.actor_profile_id
        where t.kind = 'note' and t.order_id is not null and p.id is distinct from t.actor_profile_id
      on conflict do nothing;

      -- A note on an RDN case: the person its agent id is.
      insert into notifications (company_id, profile_id, kind, rdn_case_id, href, message, dedupe_key)
        select t.company_id, agent.id, 'note', n.id, '/cases/' || n.case_id,
          coalesce(${personName('author')}, 'Someone') || ' added ' || t.note_type || ' on RDN case '
            || ${caseLabel('n', 'coalesce(n.case_number, n.case_id::text)')} || ': ' || ${noteExcerpt},
          'timeline:' || t.id
        from new_rows t
        cross join lateral (select * from rdn_cases where rdn_cases.id = t.rdn_case_id offset 0) n
        cross join lateral ${rdnAgentPerson('t.company_id', 'n.assigned_agent_id')} as agent (id)
        join profiles p on p.id = agent.id and p.active
        left join profiles author on author.id = t.actor_profile_id
        where t.kind = 'note' and t.rdn_case_id is not null and n.assigned_agent_id is not null
          and agent.id is distinct from t.actor_profile_id
      on conflict do nothing;
      return null;
    end $$`.execute(db)
}

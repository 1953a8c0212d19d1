import { type Kysely, sql } from 'kysely'
import { ACTOR_SETTING } from './022-case-timeline'
import { caseLabel, rdnAgentPerson } from './023-notifications'

/** The channel the background invoice work LISTENs on: a case queued for its draft, or a draft queued to be priced again. */
export const INVOICE_WORK_CHANNEL = 'invoice_work_queued'

/**
 * rdn_cases' statement triggers that read the statement's transition tables. A transition table
 * has no statistics: a join of the old and new rows is estimated at n * n / 200 rows, so a bulk
 * update of some thousands of cases crossed the JIT thresholds and each compiled for seconds
 * (30,000 rows: 24 s with the triggers, 8 s without). Their plans are made without JIT.
 */
const RDN_CASE_STATEMENT_TRIGGER_FUNCTIONS = [
  'rdn_cases_notify_assigned',
  'rdn_cases_timeline_changed',
  'rdn_cases_timeline_deleted',
  'rdn_cases_invoice_due_inserted',
  'rdn_cases_invoice_due_updated',
  'count_rdn_case_groups',
  'notify_payroll_rdn_cases',
  'notify_rdn_cases_changed',
]

const actor = sql.raw(`nullif(current_setting('${ACTOR_SETTING}', true), '')::uuid`)
const caseAssigned = sql`'You were assigned RDN case ' || ${caseLabel('n', 'coalesce(n.case_number, n.case_id::text)')} || '.'`

/**
 * Issue 42:
 * - Invoices were drafted inside the reads of Invoice Management (137,000 in one GET after an
 *   import, 28 s); they are drafted in the background, woken by this NOTIFY as soon as a statement
 *   queues work (a recovery, an import, the RDN sync, a rate card or a case's client changed),
 *   whichever instance made the change. Only a statement that queued a row wakes it: the queueing
 *   triggers run on every update of orders and RDN cases, most queueing nothing. The queues are
 *   taken oldest first by an index, not by sorting the whole queue for each batch.
 * - Bulk updates of RDN cases are linear again (see RDN_CASE_STATEMENT_TRIGGER_FUNCTIONS); a case
 *   given a new agent id is picked out first, then its person looked up (not every updated case's).
 * - A signed request's audit row (its verification) is found by an index, not a scan of the log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_invoice_work_queued() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from new_rows) then
        perform pg_notify(${sql.lit(INVOICE_WORK_CHANNEL)}, json_build_object('queue', tg_table_name)::text);
      end if;
      return null;
    end $$`.execute(db)
  for (const table of ['invoice_draft_queue', 'invoice_reprice_queue']) {
    await sql`create trigger ${sql.raw(`${table}_notify`)} after insert on ${sql.raw(table)}
      referencing new table as new_rows for each statement execute function notify_invoice_work_queued()`.execute(db)
    await sql`create index ${sql.raw(`${table}_age_idx`)} on ${sql.raw(table)} (company_id, queued_at)`.execute(db)
  }

  await notifyAssignedCasesFirst(db)
  for (const name of RDN_CASE_STATEMENT_TRIGGER_FUNCTIONS) {
    await sql`alter function ${sql.raw(name)}() set jit = off`.execute(db)
  }

  await sql`create index audit_log_signature_idx on audit_log (company_id, target, created_at desc)
    where action = 'signature.signed'`.execute(db)
}

/** Migration 025's function, its update branch joining only the cases whose agent id changed to their people. */
async function notifyAssignedCasesFirst(db: Kysely<unknown>) {
  await sql`create or replace function rdn_cases_notify_assigned() returns trigger language plpgsql as $$
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
        -- An RDN case whose agent id is now a person's: the cases given a new agent id first (offset 0
        -- keeps them apart), then their people.
        insert into notifications (company_id, profile_id, kind, rdn_case_id, href, message)
          select n.company_id, agent.id, 'assigned', n.id, '/cases/' || n.case_id, ${caseAssigned}
          from (
            select n.* from new_rows n join old_rows o on o.id = n.id
            where n.assigned_agent_id is not null and n.assigned_agent_id is distinct from o.assigned_agent_id
            offset 0
          ) n
          cross join lateral ${rdnAgentPerson('n.company_id', 'n.assigned_agent_id')} as agent (id)
          join profiles p on p.id = agent.id and p.active
          where agent.id is distinct from ${actor};
      end if;
      return null;
    end $$`.execute(db)
}

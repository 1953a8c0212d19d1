import { type Kysely, sql } from 'kysely'

/**
 * Issue 42, Payroll Accounting and My Pay at 1,000,000 RDN cases: a field visit is a person's
 * Agent Update note (src/server/features/payroll/event-sources.ts). The notes are read by the days
 * of a pay period, for everyone (a period's lines) or for one person (My Pay), from these two
 * partial indexes instead of a scan of the whole timeline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const agentUpdates = sql.raw(`where kind = 'note' and note_type = 'Agent Update' and actor_profile_id is not null`)
  await sql`create index case_timeline_agent_update_days_idx on case_timeline (company_id, created_at) ${agentUpdates}`.execute(
    db,
  )
  await sql`create index case_timeline_agent_update_people_idx on case_timeline (company_id, actor_profile_id, created_at)
    ${agentUpdates}`.execute(db)
}

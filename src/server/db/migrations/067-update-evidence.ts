import { type Kysely, sql } from 'kysely'

/**
 * Evidence on Agent Updates (issue 44): the device's GPS position, clock and a photo, kept with the
 * note ({ latitude, longitude, accuracyM, deviceTime, photoFileId }), and an index for the share of
 * each agent's updates that carry it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table case_timeline add column evidence jsonb
    check (evidence is null or (kind = 'note' and jsonb_typeof(evidence) = 'object'))`.execute(db)
  await sql`create index case_timeline_agent_updates_idx on case_timeline (actor_profile_id, created_at)
    include (evidence) where note_type = 'Agent Update'`.execute(db)
}

import { type Kysely, sql } from 'kysely'

/**
 * A note holds up to 1,500 characters as people count them (docs/decisions/013): an emoji, a
 * flag or an accented letter is one, though it may be several code points, which is what
 * char_length counts. So the database's bound becomes the most 1,500 such characters take (ten
 * code points each, the longest emoji), still refusing a note without bound; the service checks
 * the 1,500.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table case_timeline
    drop constraint case_timeline_body_check,
    add constraint case_timeline_body_check check (char_length(body) <= 15000)`.execute(db)
}

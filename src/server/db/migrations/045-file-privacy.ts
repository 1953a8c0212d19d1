import { type Kysely, sql } from 'kysely'

/**
 * Files and who saw them (issue 41). A photo's EXIF position is kept as data (the bytes served carry
 * no metadata: `metadata_removed` says the stored bytes were cleaned at upload; older ones are
 * cleaned as they are served). The records that hold a file are found by its id. The audit log
 * names the case a row is about, and a row written once per person, case and day carries a key
 * that makes the second one a no-op.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stored_files
    add column latitude double precision,
    add column longitude double precision,
    add column metadata_removed boolean not null default false`.execute(db)
  await sql`alter table fee_request_files
    add column taken_at timestamptz,
    add column latitude double precision,
    add column longitude double precision,
    add column metadata_removed boolean not null default false`.execute(db)

  // Which records hold a file (who may open it follows from them).
  await sql`create index condition_report_photos_file_idx on condition_report_photos (file_id)`.execute(db)
  await sql`create index condition_report_damages_file_idx on condition_report_damages (file_id)
    where file_id is not null`.execute(db)
  await sql`create index property_items_file_idx on property_items (file_id) where file_id is not null`.execute(db)
  await sql`create index property_notices_proof_file_idx on property_notices (proof_file_id)`.execute(db)

  await sql`alter table audit_log add column case_key text, add column once_key text`.execute(db)
  await sql`create index audit_log_case_idx on audit_log (company_id, case_key, created_at desc)
    where case_key is not null`.execute(db)
  await sql`create unique index audit_log_once_idx on audit_log (once_key)`.execute(db)
}

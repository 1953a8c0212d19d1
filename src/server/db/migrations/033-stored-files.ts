import { type Kysely, sql } from 'kysely'

/**
 * Photos and documents (issue 20): what each stored file is, checked by its content, and where its
 * bytes and thumbnail are kept (the file store: DATA_DIR or an S3-compatible bucket). The bytes
 * are not in the database, so several instances share one bucket and backups stay small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table stored_files (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    kind text not null check (kind in ('image', 'document')),
    format text not null check (format in ('jpeg', 'png', 'webp', 'pdf')),
    content_type text not null,
    file_name text not null,
    size_bytes integer not null check (size_bytes > 0),
    width integer,
    height integer,
    taken_at timestamptz,
    sha256 text not null,
    has_thumbnail boolean not null default false,
    uploaded_by_profile_id uuid,
    created_at timestamptz not null default now()
  )`.execute(db)
  // The same bytes are one file: an upload sent twice (a double tap, a retry) gets the first back.
  await sql`create unique index stored_files_content_idx on stored_files (company_id, sha256)`.execute(db)
}

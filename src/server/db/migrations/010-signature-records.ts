import { type Kysely, sql } from 'kysely'

/**
 * What a signed request keeps besides SPEC.md's fields: the signer's name and notes, when it was
 * revoked, and a SHA-256 of the signed record so that a later change to it is detectable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table document_signature_requests
    add column signer_name text,
    add column signer_notes text,
    add column revoked_at timestamptz,
    add column record_hash text,
    add column created_by text references auth_user (id) on delete set null`.execute(db)
  await sql`create index document_signature_requests_company_idx on document_signature_requests (company_id, created_at desc)`.execute(
    db,
  )
}

import { type Kysely, sql } from 'kysely'

/** Keys an administrator gives an integration (RDN sync); only their SHA-256 is kept. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table api_keys (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    name text not null,
    key_prefix text not null,
    key_hash text not null unique,
    created_by text references auth_user (id) on delete set null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db)
  await sql`create index api_keys_company_idx on api_keys (company_id, created_at desc)`.execute(db)
}

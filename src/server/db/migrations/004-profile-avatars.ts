import { type Kysely, sql } from 'kysely'

/** Avatar images live in the database, so every instance serves them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table profile_avatars (
    profile_id uuid primary key references profiles (id) on delete cascade,
    company_id uuid not null references companies (id),
    content_type text not null,
    bytes bytea not null,
    updated_at timestamptz not null default now()
  )`.execute(db)
}

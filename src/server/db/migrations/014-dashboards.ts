import { type Kysely, sql } from 'kysely'

/**
 * What the role dashboards read and write: notifications (a camera car find tells the field
 * managers of its market), locksmith key jobs, and the indexes of their per-person and
 * per-market reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table notifications (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    profile_id uuid not null references profiles (id) on delete cascade,
    kind text not null,
    order_id uuid references orders (id) on delete cascade,
    message text not null,
    created_at timestamptz not null default now(),
    read_at timestamptz
  )`.execute(db)
  await sql`create index notifications_unread_idx on notifications (profile_id, created_at desc) where read_at is null`.execute(
    db,
  )
  await sql`create table key_jobs (
    order_id uuid primary key references orders (id) on delete cascade,
    company_id uuid not null references companies (id),
    state text not null check (state in ('requested', 'scheduled', 'key_made')),
    updated_by uuid references profiles (id) on delete set null,
    updated_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index ccd_finds_driver_idx on ccd_finds (driver_id, found_at desc)`.execute(db)
  await sql`create index repo_completions_agent_idx on repo_completions (agent_id, completed_at desc)`.execute(db)
}

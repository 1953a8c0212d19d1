import { type Kysely, sql } from 'kysely'

/** The storage lots, auctions, locksmiths, transporters and forwarders an agency works with. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table vendors (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    name text not null,
    type text not null check (type in ('storage_lot', 'auction', 'rental', 'locksmith', 'transporter', 'forwarder')),
    address text,
    phone text,
    email text,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, name)
  )`.execute(db)
}

import { type Kysely, sql } from 'kysely'

/**
 * Release and transport (issue 20): a recovered vehicle authorized to be released (to the debtor or
 * the lender's agent) or transported (to an auction or transporter vendor), then handed over
 * against an ID check. One live authorization per case: a vehicle leaves once. A client may
 * require its own authorization before a release.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table clients add column release_needs_lender_authorization boolean not null default false`.execute(
    db,
  )
  await sql`create table vehicle_releases (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    case_key text not null,
    order_id uuid references orders (id) on delete cascade,
    rdn_case_id uuid references rdn_cases (id) on delete cascade,
    kind text not null check (kind in ('release', 'transport')),
    vendor_id uuid references vendors (id),
    lender_authorization text,
    status text not null default 'authorized' check (status in ('authorized', 'completed', 'cancelled')),
    authorized_by_profile_id uuid,
    authorized_at timestamptz not null default now(),
    released_to text,
    id_type text,
    id_last4 text,
    completed_by_profile_id uuid,
    completed_at timestamptz,
    check ((order_id is null) <> (rdn_case_id is null)),
    check (kind = 'release' or vendor_id is not null),
    check (status <> 'completed' or completed_at is not null)
  )`.execute(db)
  await sql`create unique index vehicle_releases_live_idx on vehicle_releases (company_id, case_key) where status <> 'cancelled'`.execute(
    db,
  )
}

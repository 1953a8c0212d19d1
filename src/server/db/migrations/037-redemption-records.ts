import { type Kysely, sql } from 'kysely'

/**
 * Redemptions (issue 20), the rest: a release is signed through the compliance signature flow
 * (a document whose body is the statement the signer reads); personal property is released in
 * parts or disposed of after a notice with its proof; pickups are booked; a company may set its
 * own hold and notice days per state, and the contact its notice letters give (never the lot's address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table compliance_documents add column body text`.execute(db)
  await sql`alter table vehicle_releases add column release_document_id uuid references compliance_documents (id)`.execute(
    db,
  )
  await sql`alter table companies add column property_contact text`.execute(db)
  await sql`create table company_property_rules (
    company_id uuid not null references companies (id),
    state text not null check (state ~ '^[A-Z]{2}$'),
    hold_days integer not null check (hold_days between 1 and 365),
    notice_days integer not null check (notice_days between 0 and 365),
    updated_by_profile_id uuid,
    updated_at timestamptz not null default now(),
    primary key (company_id, state),
    check (notice_days <= hold_days)
  )`.execute(db)
  await sql`create table property_notices (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    inventory_id uuid not null references property_inventories (id) on delete cascade,
    sent_on date not null,
    method text not null,
    proof_file_id uuid not null references stored_files (id),
    recorded_by_profile_id uuid,
    recorded_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index property_notices_inventory_idx on property_notices (inventory_id, sent_on)`.execute(db)
  await sql`create table property_appointments (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    inventory_id uuid not null references property_inventories (id) on delete cascade,
    starts_at timestamptz not null,
    person_name text not null,
    phone text,
    notes text,
    status text not null default 'scheduled' check (status in ('scheduled', 'kept', 'cancelled')),
    booked_by_profile_id uuid,
    booked_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index property_appointments_company_idx on property_appointments (company_id, starts_at)`.execute(db)
  await sql`create table property_releases (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    inventory_id uuid not null references property_inventories (id) on delete cascade,
    kind text not null check (kind in ('release', 'disposal')),
    status text not null default 'pending' check (status in ('pending', 'completed', 'cancelled')),
    item_ids uuid[] not null check (cardinality(item_ids) >= 1),
    released_to text,
    id_type text,
    id_last4 text,
    release_document_id uuid references compliance_documents (id),
    notice_id uuid references property_notices (id),
    disposal_method text,
    created_by_profile_id uuid,
    created_at timestamptz not null default now(),
    completed_by_profile_id uuid,
    completed_at timestamptz,
    check (kind = 'release' or notice_id is not null),
    check (status <> 'completed' or completed_at is not null)
  )`.execute(db)
  await sql`create index property_releases_inventory_idx on property_releases (inventory_id, created_at)`.execute(db)
}

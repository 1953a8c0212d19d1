import { type Kysely, sql } from 'kysely'

/**
 * Personal property (issue 20): once per recovered case, an inventory of the items found (or a
 * 'no property' attestation), who took it (two people where the company requires it), and the
 * hold clock of the case's state. Items are held until released or disposed of.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies add column require_two_person_inventory boolean not null default false`.execute(db)
  await sql`create table property_inventories (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    case_key text not null,
    order_id uuid references orders (id) on delete cascade,
    rdn_case_id uuid references rdn_cases (id) on delete cascade,
    no_property boolean not null default false,
    state text,
    hold_until date not null,
    notice_due date not null,
    inventoried_by_profile_id uuid,
    second_person_profile_id uuid,
    inventoried_at timestamptz not null default now(),
    unique (company_id, case_key),
    check ((order_id is null) <> (rdn_case_id is null))
  )`.execute(db)
  await sql`create table property_items (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null,
    inventory_id uuid not null references property_inventories (id) on delete cascade,
    position integer not null,
    category text not null,
    description text not null,
    quantity integer not null check (quantity >= 1),
    container_label text,
    file_id uuid references stored_files (id),
    lot_place text,
    disposition text,
    status text not null default 'held' check (status in ('held', 'released', 'disposed'))
  )`.execute(db)
  await sql`create index property_items_inventory_idx on property_items (inventory_id, position)`.execute(db)
}

import { type Kysely, sql } from 'kysely'

/**
 * Fee Schedules (issue 17): each client's rate card (optionally for one of its lienholders), in
 * versions by effective date, each version a set of rate rows and a storage rule. Amounts are
 * integer cents. A version's dates never overlap another's of the same card (checked by the
 * service under a lock on the card; `btree_gist` is not in PGlite).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_cards (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    client_id uuid not null references clients (id) on delete cascade,
    lienholder_name text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db)
  // One card per client and lienholder (none: the client's own), whatever the lienholder's case.
  await sql`create unique index rate_cards_client_idx
    on rate_cards (company_id, client_id, (coalesce(lower(lienholder_name), '')))`.execute(db)

  await sql`create table rate_card_versions (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null,
    rate_card_id uuid not null references rate_cards (id) on delete cascade,
    version integer not null,
    effective_from date not null,
    effective_to date,
    storage_free_days integer check (storage_free_days >= 0),
    storage_daily_cents bigint check (storage_daily_cents >= 0),
    storage_cap_cents bigint check (storage_cap_cents >= 0),
    created_by_profile_id uuid,
    created_at timestamptz not null default now(),
    unique (rate_card_id, version),
    check (effective_to is null or effective_to >= effective_from),
    check ((storage_free_days is null) = (storage_daily_cents is null))
  )`.execute(db)

  await sql`create table rate_rows (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null,
    version_id uuid not null references rate_card_versions (id) on delete cascade,
    fee_type text not null,
    order_type text,
    basis text not null check (basis in ('flat', 'per_day', 'per_mile', 'per_block')),
    amount_cents bigint not null check (amount_cents >= 0),
    included_miles integer not null default 0 check (included_miles >= 0),
    market_amounts jsonb not null default '{}',
    min_cents bigint check (min_cents >= 0),
    max_cents bigint check (max_cents >= 0),
    needs_approval boolean not null default false,
    billable_to_debtor boolean not null default true,
    no_pass_on_states text[] not null default '{}',
    days_to_invoice integer check (days_to_invoice >= 1),
    check (min_cents is null or max_cents is null or min_cents <= max_cents)
  )`.execute(db)
  await sql`create index rate_rows_version_idx on rate_rows (version_id)`.execute(db)
}

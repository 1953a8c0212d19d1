import { type Kysely, sql } from 'kysely'

/** The entities of SPEC.md section 3, each scoped by company_id, with the indexes of section 7's reads. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table order_statuses (
    name text primary key,
    badge_color text not null,
    sort_order integer not null
  )`.execute(db)
  await sql`create table order_priorities (
    name text primary key,
    badge_color text not null,
    sort_order integer not null
  )`.execute(db)

  await sql`create table clients (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    name text not null check (length(trim(name)) > 0),
    lienholder_name text,
    display_name text,
    client_code text not null,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, client_code)
  )`.execute(db)
  await sql`create index clients_company_active_idx on clients (company_id, active, name)`.execute(db)

  await sql`create table sub_statuses (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    code text not null,
    description text not null,
    active boolean not null default true,
    unique (company_id, code)
  )`.execute(db)
  await sql`create index sub_statuses_company_description_idx on sub_statuses (company_id, lower(description)) where active`.execute(
    db,
  )

  await sql`create table orders (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    case_number text,
    order_number text not null,
    status text not null default 'Open' references order_statuses (name),
    priority text not null default 'medium' references order_priorities (name),
    make text, model text, year integer check (year between 1900 and 2100), color text,
    vin text, license_plate text,
    borrower_name text, borrower_first_name text, borrower_last_name text, borrower_phone text,
    borrower_address text, borrower_city text, borrower_state text, borrower_zip text,
    borrower_work_address text, borrower_work_city text, borrower_work_state text, borrower_work_zip text,
    last_known_address text, last_known_city text, last_known_state text, last_known_zip text,
    last_spotted_location text, last_spotted_at timestamptz,
    recovery_location text, recovery_city text, recovery_state text, recovery_zip text,
    recovery_date date, recovery_time text, repo_type text, condition_notes text,
    detected_market text, market_confidence integer check (market_confidence between 0 and 100),
    market_detection_method text,
    lienholder_name text,
    keys_obtained boolean not null default false,
    client_id uuid references clients (id),
    assigned_agent_id uuid references profiles (id) on delete set null,
    assigned_camera_driver_id uuid references profiles (id) on delete set null,
    due_date date, order_date date, close_date date,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index orders_company_case_number_idx on orders (company_id, case_number)`.execute(db)
  await sql`create index orders_company_order_date_idx on orders (company_id, order_date desc)`.execute(db)
  await sql`create index orders_client_idx on orders (client_id)`.execute(db)
  await sql`create index orders_agent_idx on orders (assigned_agent_id) where assigned_agent_id is not null`.execute(db)
  await sql`create index orders_camera_driver_idx on orders (assigned_camera_driver_id) where assigned_camera_driver_id is not null`.execute(
    db,
  )
  await sql`create index orders_search_trgm_idx on orders using gin ((coalesce(order_number, '') || ' ' || coalesce(borrower_name, '') || ' ' || coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || coalesce(vin, '')) gin_trgm_ops)`.execute(
    db,
  )

  await sql`create table ccd_finds (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    order_id uuid not null references orders (id) on delete cascade,
    driver_id uuid not null references profiles (id),
    found_at timestamptz not null default now(),
    location text,
    notes text
  )`.execute(db)
  await sql`create index ccd_finds_order_idx on ccd_finds (order_id, found_at desc)`.execute(db)

  await sql`create table repo_completions (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    order_id uuid not null references orders (id) on delete cascade,
    agent_id uuid not null references profiles (id),
    completed_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index repo_completions_order_idx on repo_completions (order_id, completed_at desc)`.execute(db)

  await sql`create table order_sub_statuses (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    case_number text not null,
    sub_status_code text not null,
    assigned_at timestamptz not null default now(),
    active boolean not null default true
  )`.execute(db)
  await sql`create index order_sub_statuses_lookup_idx on order_sub_statuses (company_id, case_number, sub_status_code) where active`.execute(
    db,
  )

  await sql`create table rdn_cases (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    case_id bigint not null,
    case_number text,
    order_type text,
    status text,
    substatus text,
    priority text not null default 'normal',
    make text, model text, year integer, color text, vin text,
    order_date date, repo_date date, close_date date, close_reason text,
    lender_name text, lender_phone text, lender_type text, lienholder_name text,
    debtor_name text, debtor_first_name text, debtor_middle_initial text, debtor_last_name text,
    debtor_address text, debtor_city text, debtor_state text, debtor_zip text,
    debtor_phone text, debtor_work_address text,
    additional_address text, additional_city text, additional_state text, additional_zip text,
    vehicle_license_state text, vehicle_license_number text,
    recovery_address text, recovery_city text, recovery_state text, recovery_zip text,
    assigned_agent_id text,
    is_violent boolean not null default false,
    time_marked_repossessed timestamptz,
    vendor_branch_name text, storage_location_name text, lot_processing_status text,
    detected_market text not null default 'Unknown',
    market_confidence integer not null default 0 check (market_confidence between 0 and 100),
    market_detection_method text not null default 'no_match',
    search_text text generated always as (lower(
      coalesce(case_number, '') || ' ' || coalesce(debtor_name, '') || ' ' || coalesce(make, '') || ' ' ||
      coalesce(model, '') || ' ' || coalesce(color, '') || ' ' || coalesce(lender_name, '') || ' ' ||
      coalesce(vin, '') || ' ' || coalesce(year::text, '') || ' ' || case_id::text
    )) stored,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, case_id)
  )`.execute(db)
  await sql`create index rdn_cases_company_order_date_idx on rdn_cases (company_id, order_date desc nulls last, id)`.execute(
    db,
  )
  await sql`create index rdn_cases_company_status_idx on rdn_cases (company_id, status)`.execute(db)
  await sql`create index rdn_cases_company_market_idx on rdn_cases (company_id, detected_market)`.execute(db)
  await sql`create index rdn_cases_company_agent_idx on rdn_cases (company_id, assigned_agent_id) where assigned_agent_id is not null`.execute(
    db,
  )
  await sql`create index rdn_cases_search_trgm_idx on rdn_cases using gin (search_text gin_trgm_ops)`.execute(db)

  await sql`create table market_zip_codes (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    zip_code text not null check (zip_code ~ '^[0-9]{5}$'),
    market text not null,
    active boolean not null default true,
    unique (company_id, zip_code)
  )`.execute(db)
  await sql`create index market_zip_codes_company_market_idx on market_zip_codes (company_id, market) where active`.execute(
    db,
  )

  await sql`create table market_lots (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    market text not null,
    name text not null,
    address text,
    latitude double precision not null check (latitude between -90 and 90),
    longitude double precision not null check (longitude between -180 and 180),
    active boolean not null default true
  )`.execute(db)
  await sql`create index market_lots_company_idx on market_lots (company_id, market) where active`.execute(db)

  await sql`create table rdn_agent_mappings (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    rdn_agent_id text not null,
    profile_id uuid not null references profiles (id) on delete cascade,
    created_at timestamptz not null default now(),
    unique (company_id, rdn_agent_id)
  )`.execute(db)

  await sql`create table compliance_document_types (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    name text not null,
    category text,
    unique (company_id, name)
  )`.execute(db)

  await sql`create table compliance_documents (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    document_type_id uuid not null references compliance_document_types (id),
    status text not null default 'pending',
    effective_date date,
    expiration_date date,
    notes text,
    signed_date timestamptz,
    signature_data jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index compliance_documents_company_status_idx on compliance_documents (company_id, status, expiration_date)`.execute(
    db,
  )

  await sql`create table document_signature_requests (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    compliance_document_id uuid not null references compliance_documents (id) on delete cascade,
    signature_token_hash text not null unique,
    status text not null default 'pending',
    expires_at timestamptz not null,
    recipient_name text,
    recipient_email text,
    signed_at timestamptz,
    signature_image_url text,
    signed_ip text,
    signed_user_agent text,
    created_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index document_signature_requests_document_idx on document_signature_requests (compliance_document_id)`.execute(
    db,
  )
}

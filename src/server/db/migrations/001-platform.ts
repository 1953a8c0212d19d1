import { type Kysely, sql } from 'kysely'

/** Companies, settings, better-auth's tables (its own DDL), profiles, audit log and mail outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)

  await sql`create table companies (
    id uuid primary key default gen_random_uuid(),
    name text not null check (length(trim(name)) > 0),
    created_at timestamptz not null default now()
  )`.execute(db)

  await sql`create table app_settings (
    key text primary key,
    value text not null,
    created_at timestamptz not null default now()
  )`.execute(db)

  // better-auth's schema, as its migration compiler writes it for our options.
  await sql`create table "auth_user" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" boolean not null, "image" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null, "role" text, "banned" boolean, "banReason" text, "banExpires" timestamptz, "mustChangePassword" boolean)`.execute(
    db,
  )
  await sql`create table "auth_session" ("id" text not null primary key, "expiresAt" timestamptz not null, "token" text not null unique, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null, "ipAddress" text, "userAgent" text, "userId" text not null references "auth_user" ("id") on delete cascade, "impersonatedBy" text)`.execute(
    db,
  )
  await sql`create table "auth_account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "auth_user" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" timestamptz, "refreshTokenExpiresAt" timestamptz, "scope" text, "password" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null)`.execute(
    db,
  )
  await sql`create table "auth_verification" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" timestamptz not null, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null)`.execute(
    db,
  )
  await sql`create table "auth_rate_limit" ("id" text not null primary key, "key" text not null unique, "count" integer not null, "lastRequest" bigint not null)`.execute(
    db,
  )
  await sql`create index "auth_session_userId_idx" on "auth_session" ("userId")`.execute(db)
  await sql`create index "auth_account_userId_idx" on "auth_account" ("userId")`.execute(db)
  await sql`create index "auth_verification_identifier_idx" on "auth_verification" ("identifier")`.execute(db)

  await sql`create table profiles (
    id uuid primary key default gen_random_uuid(),
    user_id text not null unique references auth_user (id) on delete cascade,
    company_id uuid not null references companies (id),
    first_name text,
    last_name text,
    email text not null,
    avatar_url text,
    market text,
    role text not null default 'recovery_agent',
    rdn_id_number text,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index profiles_company_active_first_name_idx on profiles (company_id, active, first_name)`.execute(
    db,
  )
  await sql`create index profiles_company_rdn_id_idx on profiles (company_id, rdn_id_number) where rdn_id_number is not null`.execute(
    db,
  )
  await sql`create index profiles_search_trgm_idx on profiles using gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email) gin_trgm_ops)`.execute(
    db,
  )

  await sql`create table audit_log (
    id bigint generated always as identity primary key,
    company_id uuid references companies (id),
    actor_user_id text,
    action text not null,
    target text,
    detail jsonb not null default '{}',
    ip text,
    created_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index audit_log_company_created_idx on audit_log (company_id, created_at desc)`.execute(db)
  await sql`create index audit_log_actor_created_idx on audit_log (actor_user_id, created_at desc)`.execute(db)

  await sql`create table outbox (
    id uuid primary key default gen_random_uuid(),
    company_id uuid references companies (id),
    to_address text not null,
    subject text not null,
    text_body text not null,
    html_body text,
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    error text
  )`.execute(db)
  await sql`create index outbox_to_created_idx on outbox (to_address, created_at desc)`.execute(db)
}

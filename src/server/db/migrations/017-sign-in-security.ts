import { type Kysely, sql } from 'kysely'

/**
 * Failed sign-ins counted per client address and per account, in fixed windows (SIGN_IN_RATE_LIMIT),
 * shared by every instance. And reset/invitation links kept only as a SHA-256 of their token
 * (src/server/auth/reset-tokens.ts), so a reader of the table cannot use a pending link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sign_in_failures (
    key text primary key,
    failures integer not null,
    window_started_at timestamptz not null
  )`.execute(db)
  await sql`create index sign_in_failures_window_idx on sign_in_failures (window_started_at)`.execute(db)
  await sql`update "auth_verification"
    set "identifier" = 'reset-password:sha256:' || encode(sha256(convert_to(substr("identifier", 16), 'UTF8')), 'hex')
    where "identifier" like 'reset-password:%' and "identifier" not like 'reset-password:sha256:%'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sign_in_failures`.execute(db)
}

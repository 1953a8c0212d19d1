import { type Kysely, sql } from 'kysely'

/**
 * The first answer to each person-triggered create, by the Idempotency-Key its submit carried: a
 * repeat (double-click, retry after a lost answer) gets that answer instead of a second row. The
 * primary key is the claim: whichever request inserts it runs, every other waits for its answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table idempotency_keys (
    user_id text not null references auth_user (id) on delete cascade,
    key text not null,
    company_id uuid not null references companies (id),
    request_hash text not null,
    response_status integer,
    response_body jsonb,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`.execute(db)
  await sql`create index idempotency_keys_created_idx on idempotency_keys (created_at)`.execute(db)
}

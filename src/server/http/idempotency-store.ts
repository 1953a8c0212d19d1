import { type Kysely, sql } from 'kysely'
import type { DB } from '../db/schema'

/** How long a key's first answer is kept for its repeats. */
const KEEP = sql`interval '24 hours'`
/**
 * A claim still unanswered after this long belongs to a request whose server died: a repeat may
 * take it over (no create runs that long), or the key would answer 409 for a day.
 */
const STALE_CLAIM = sql`interval '2 minutes'`

export type StoredKey = {
  request_hash: string
  response_status: number | null
  response_body: unknown
  stale: boolean
}

type KeyRef = { userId: string; key: string }

/**
 * Inserts the key as running (the primary key makes this the one claim across every instance);
 * false when it exists. This key's expired row goes first, so a key may be reused after a day,
 * and a few of anyone's expired rows (skipping rows another purge holds: no waits, no deadlock).
 */
export async function claimIdempotencyKey(
  db: Kysely<DB>,
  ref: KeyRef & { companyId: string; requestHash: string },
): Promise<boolean> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', ref.userId)
    .where('key', '=', ref.key)
    .where('created_at', '<', sql<Date>`now() - ${KEEP}`)
    .execute()
  await sql`delete from idempotency_keys where (user_id, key) in (
    select user_id, key from idempotency_keys where created_at < now() - ${KEEP}
    order by created_at limit 100 for update skip locked
  )`.execute(db)
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ user_id: ref.userId, key: ref.key, company_id: ref.companyId, request_hash: ref.requestHash })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()
  return inserted !== undefined
}

export async function readIdempotencyKey(db: Kysely<DB>, ref: KeyRef): Promise<StoredKey | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select([
      'request_hash',
      'response_status',
      'response_body',
      sql<boolean>`response_status is null and created_at < now() - ${STALE_CLAIM}`.as('stale'),
    ])
    .where('user_id', '=', ref.userId)
    .where('key', '=', ref.key)
    .executeTakeFirst()
}

/** Takes over a stale claim; false when another repeat took it first or it was answered meanwhile. */
export async function takeOverStaleClaim(db: Kysely<DB>, ref: KeyRef): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ created_at: sql`now()` })
    .where('user_id', '=', ref.userId)
    .where('key', '=', ref.key)
    .where('response_status', 'is', null)
    .where('created_at', '<', sql<Date>`now() - ${STALE_CLAIM}`)
    .returning('key')
    .executeTakeFirst()
  return taken !== undefined
}

export async function storeIdempotentResponse(db: Kysely<DB>, ref: KeyRef, status: number, body: unknown) {
  await db
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: JSON.stringify(body) })
    .where('user_id', '=', ref.userId)
    .where('key', '=', ref.key)
    .execute()
}

/** A refused or failed first request created nothing: its repeat runs anew. */
export async function releaseIdempotencyKey(db: Kysely<DB>, ref: KeyRef) {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', ref.userId)
    .where('key', '=', ref.key)
    .where('response_status', 'is', null)
    .execute()
}

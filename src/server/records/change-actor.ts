import { sql, type Transaction } from 'kysely'
import type { ChangeSource } from '../../domain/timeline/timeline'
import { ACTOR_SETTING, SOURCE_SETTING } from '../db/migrations/022-case-timeline'
import type { DB } from '../db/schema'

/**
 * Names who makes the transaction's changes to orders and RDN cases, and how, for the timeline
 * the database triggers write (migration 022). Transaction-local: it ends with the transaction,
 * so a pooled connection never carries one person's name into another's work. Without it the
 * timeline says 'system'.
 */
export async function setChangeActor(
  trx: Transaction<DB>,
  actor: { profileId: string | null; source: ChangeSource },
): Promise<void> {
  await sql`select set_config(${ACTOR_SETTING}, ${actor.profileId ?? ''}, true), set_config(${SOURCE_SETTING}, ${actor.source}, true)`.execute(
    trx,
  )
}

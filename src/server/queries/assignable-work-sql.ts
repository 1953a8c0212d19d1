import { type Kysely, sql, type Transaction } from 'kysely'
import type { DB } from '../db/schema'

// Issue 44 (docs/decisions/034): a stopped case (on hold, or over) may still be open work for the
// figures (domain/agent-work), but no worklist offers it to find, recover or assign. Which statuses
// stop is data (order_statuses.stops_field_work), read as one hashed subquery beside the open-work
// literals, so the partial indexes written on those literals still serve the worklists.

/** Whether the status column `column` (e.g. 'o.status') does not stop field work. */
export const notStoppedSql = (column: string) =>
  sql<boolean>`${sql.raw(column)} not in (select s.name from order_statuses s where s.stops_field_work)`

/** The statuses that stop field work, for a list of statuses kept as literals (the map's). */
export async function stoppingStatuses(db: Kysely<DB> | Transaction<DB>) {
  const rows = await db.selectFrom('order_statuses').select('name').where('stops_field_work', '=', true).execute()
  return new Set(rows.map((row) => row.name))
}

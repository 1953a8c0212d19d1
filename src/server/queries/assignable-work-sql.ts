import { sql } from 'kysely'
import { FIELD_STOP_STATUSES } from '../../domain/holds/field-stops'

// Issue 44 (docs/decisions/034): a stopped case (on hold, or over) may still be open work for the
// figures (domain/agent-work), but no worklist offers it to find, recover or assign. The worklists
// leave out the seeded stopping statuses as literals beside the open-work literals: the planner
// then still reads them from the partial indexes written on those literals (a subquery on
// order_statuses made it pick others), and the board's kept counts (migration 065) agree with them.

/** The stopping statuses a worklist leaves out. */
export const WORKLIST_STOPS: readonly string[] = FIELD_STOP_STATUSES

/** Whether the status column `column` (e.g. 'o.status') does not stop field work. */
export const notStoppedSql = (column: string) =>
  sql<boolean>`${sql.raw(column)} not in (${sql.join(WORKLIST_STOPS.map((status) => sql.lit(status)))})`

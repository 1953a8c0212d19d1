import type { Kysely } from 'kysely'
import { isUpdateDue, updateDueAt } from '../../../domain/assignments/update-due'
import type { DB } from '../../db/schema'
import { findUpdateClocks } from './board-repository'

export type UpdateMark = { updateDue: boolean; updateDueAt: string | null }

/**
 * Whether each case is due an Agent Update (issue 19's clock), for the screens that mark it besides
 * the board: the map's pins and the agent's dashboard. Keyed 'order:<id>' and 'case:<RDN case id>'.
 */
export async function updateMarks(
  db: Kysely<DB>,
  companyId: string,
  orderIds: readonly string[],
  caseIds: readonly number[],
  now = new Date(),
): Promise<Map<string, UpdateMark>> {
  const rows = await findUpdateClocks(db, companyId, orderIds, caseIds)
  return new Map(
    rows.map((row) => {
      const clock = {
        agentAssigned: row.assigned,
        state: row.assignment_state,
        assignedAt: row.agent_assigned_at,
        lastUpdateAt: row.last_agent_update_at,
        cadenceDays: row.cadence_days,
      }
      return [row.key, { updateDue: isUpdateDue(clock, now), updateDueAt: updateDueAt(clock)?.toISOString() ?? null }]
    }),
  )
}

import { sql, type Transaction } from 'kysely'
import type { AssignmentState } from '../../../domain/assignments/assignment-state'
import type { DB } from '../../db/schema'
import type { BoardCase } from './board-repository'

/** Who a bulk assignment puts on its cases; undefined leaves that role as it is, null takes the person off. */
export type Assignees = {
  agent: { id: string; rdnId: string | null } | null | undefined
  cameraDriverId: string | null | undefined
}

const idsOf = (rows: readonly BoardCase[], source: BoardCase['source']) =>
  rows.filter((row) => row.source === source).map((row) => row.id)

/**
 * Writes the people onto the cases: an order names the agent, an RDN case their RDN agent id. A
 * new agent makes the assignment Active again (the triggers stamp when, and the timeline).
 */
export async function writeAssignments(
  trx: Transaction<DB>,
  companyId: string,
  rows: readonly BoardCase[],
  assignees: Assignees,
) {
  const { agent, cameraDriverId } = assignees
  const orderIds = idsOf(rows, 'order')
  const caseIds = idsOf(rows, 'case')
  // A new agent starts an Active assignment; the same agent chosen again leaves the state as it is.
  const reopen = (current: 'assigned_agent_id', next: string | null) => ({
    assignment_state: sql<AssignmentState>`case when ${sql.ref(current)} is distinct from ${next} then 'Active' else assignment_state end`,
  })
  if (orderIds.length)
    await trx
      .updateTable('orders')
      .set({
        ...(agent !== undefined && { assigned_agent_id: agent?.id ?? null }),
        ...(cameraDriverId !== undefined && { assigned_camera_driver_id: cameraDriverId }),
        ...(agent && reopen('assigned_agent_id', agent.id)),
        updated_at: sql`now()`,
      })
      .where('company_id', '=', companyId)
      .where('id', 'in', orderIds)
      .execute()
  if (caseIds.length)
    await trx
      .updateTable('rdn_cases')
      .set({
        ...(agent !== undefined && { assigned_agent_id: agent?.rdnId ?? null }),
        ...(cameraDriverId !== undefined && { assigned_camera_driver_id: cameraDriverId }),
        ...(agent && reopen('assigned_agent_id', agent.rdnId)),
        updated_at: sql`now()`,
      })
      .where('company_id', '=', companyId)
      .where('id', 'in', caseIds)
      .execute()
}

/** Sets the cases' assignment state. */
export async function writeStates(
  trx: Transaction<DB>,
  companyId: string,
  rows: readonly BoardCase[],
  state: AssignmentState,
) {
  for (const [table, source] of [
    ['orders', 'order'],
    ['rdn_cases', 'case'],
  ] as const) {
    const ids = idsOf(rows, source)
    if (ids.length === 0) continue
    await trx
      .updateTable(table)
      .set({ assignment_state: state, updated_at: sql`now()` })
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute()
  }
}

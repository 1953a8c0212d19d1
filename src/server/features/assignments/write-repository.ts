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
  const reopen = agent ? { assignment_state: 'Active' as const } : {}
  if (orderIds.length)
    await trx
      .updateTable('orders')
      .set({
        ...(agent !== undefined && { assigned_agent_id: agent?.id ?? null }),
        ...(cameraDriverId !== undefined && { assigned_camera_driver_id: cameraDriverId }),
        ...reopen,
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
        ...reopen,
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

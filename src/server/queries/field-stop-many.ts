import { sql, type Transaction } from 'kysely'
import type { DB } from '../db/schema'
import { AppError } from '../http/app-error'
import { stoppedCaseError } from './field-stop'

// Issue 44: the bulk paths (the assignment board) refuse field work on a stopped case as the single
// ones do (queries/field-stop), locking every named row in one statement per table, in id order.

/** A case named by its source and row id, with the label a person knows it by. */
export type LabelledFieldCase = { source: 'order' | 'case'; id: string; label: string }

/**
 * Locks the cases' rows to the end of the transaction and refuses (409, the first stopped case's
 * story, named by its label) when any of them stops field work; nothing is written then.
 */
export async function checkFieldWorkAllowedForAll(
  trx: Transaction<DB>,
  companyId: string,
  cases: readonly LabelledFieldCase[],
) {
  for (const [table, source] of [
    ['orders', 'order'],
    ['rdn_cases', 'case'],
  ] as const) {
    const ids = cases.filter((row) => row.source === source).map((row) => row.id)
    if (ids.length === 0) continue
    const rows = await trx
      .selectFrom(table)
      .select(['id', 'status', sql<boolean>`field_work_stopped(status)`.as('stopped')])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute()
    const stopped = rows.find((row) => row.stopped)
    if (!stopped) continue
    const target = source === 'order' ? { orderId: stopped.id } : { rdnCaseId: stopped.id }
    const story = await stoppedCaseError(trx, companyId, target, stopped.status ?? '')
    const label = cases.find((row) => row.source === source && row.id === stopped.id)?.label
    throw new AppError('conflict', `${label ? `${label}: ` : ''}${story.message} Nothing was changed.`)
  }
}

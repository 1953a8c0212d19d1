import { type Kysely, sql, type Transaction } from 'kysely'
import { type CaseStop, stopMessage } from '../../domain/holds/field-stops'
import type { DB } from '../db/schema'
import { AppError } from '../http/app-error'

// Issue 44: nothing that recovers, finds or assigns a vehicle proceeds on a stopped case. Every such
// path locks the case's row, reads whether its status stops field work (order_statuses, migration
// 063) and refuses with 409 and the stop's story. The lock orders the check against a hold arriving
// at the same moment: whichever commits second sees the first.

type Db = Kysely<DB> | Transaction<DB>

export type FieldCase = { orderId: string } | { rdnCaseId: string }

/** The case's status and whether it stops field work, its row locked to the end of the transaction. */
async function lockFieldCase(db: Db, companyId: string, target: FieldCase) {
  const stopped = sql<boolean>`field_work_stopped(status)`.as('stopped')
  if ('orderId' in target) {
    return db
      .selectFrom('orders')
      .select(['id', 'status', stopped])
      .where('company_id', '=', companyId)
      .where('id', '=', target.orderId)
      .forUpdate()
      .executeTakeFirst()
  }
  return db
    .selectFrom('rdn_cases')
    .select(['id', 'status', stopped])
    .where('company_id', '=', companyId)
    .where('id', '=', target.rdnCaseId)
    .forUpdate()
    .executeTakeFirst()
}

/** Whether a status stops field work (order_statuses, migration 063). */
export async function isStoppingStatus(db: Db, status: string | null) {
  if (!status) return false
  const row = await db
    .selectFrom('order_statuses')
    .select('stops_field_work')
    .where('name', '=', status)
    .executeTakeFirst()
  return row?.stops_field_work ?? false
}

/** The case's stop as its latest hold record tells it (who, when, why), else its status alone. */
async function currentStop(db: Db, companyId: string, target: FieldCase, status: string): Promise<CaseStop> {
  const column = 'orderId' in target ? 'h.order_id' : 'h.rdn_case_id'
  const id = 'orderId' in target ? target.orderId : target.rdnCaseId
  const hold = await db
    .selectFrom('case_holds as h')
    .leftJoin('profiles as p', 'p.id', 'h.placed_by_profile_id')
    .select([
      'h.status',
      'h.placed_at',
      'h.source',
      'h.reason',
      sql<string | null>`nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '')`.as('placed_by'),
    ])
    .where('h.company_id', '=', companyId)
    .where(column, '=', id)
    .where('h.arrived_after_recovery', '=', false)
    .where('h.lifted_at', 'is', null)
    .orderBy('h.placed_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!hold || hold.status !== status) return { status, placedAt: null, placedBy: null, source: 'system', reason: null }
  return { status, placedAt: hold.placed_at, placedBy: hold.placed_by, source: hold.source, reason: hold.reason }
}

/** The 409 a person reads when field work meets a stopped case. */
export async function stoppedCaseError(db: Db, companyId: string, target: FieldCase, status: string) {
  const stop = await currentStop(db, companyId, target, status)
  return new AppError('conflict', stopMessage(stop))
}

/**
 * Refuses (409, the stop's story) field work on a stopped case; returns the locked case otherwise,
 * undefined when the company has no such case.
 */
export async function checkFieldWorkAllowed(db: Db, companyId: string, target: FieldCase) {
  const found = await lockFieldCase(db, companyId, target)
  if (found?.stopped) throw await stoppedCaseError(db, companyId, target, found.status ?? '')
  return found
}

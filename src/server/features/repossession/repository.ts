import { type Kysely, sql, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import type { CaseTarget } from '../../queries/recovered-case'

type Db = Kysely<DB> | Transaction<DB>

/** The case's row id, status and repossession moment (locked for the correction), or undefined. */
export async function findCaseMoment(db: Db, companyId: string, target: CaseTarget) {
  if ('orderId' in target) {
    const row = await db
      .selectFrom('orders')
      .select(['id', 'status', 'repossessed_at as moment'])
      .where('company_id', '=', companyId)
      .where('id', '=', target.orderId)
      .forUpdate()
      .executeTakeFirst()
    return row && { ...row, orderId: row.id, rdnCaseId: null, caseKey: `order:${row.id}` }
  }
  const row = await db
    .selectFrom('rdn_cases')
    .select(['id', 'status', 'time_marked_repossessed as moment'])
    .where('company_id', '=', companyId)
    .where('case_id', '=', target.caseId)
    .forUpdate()
    .executeTakeFirst()
  return row && { ...row, orderId: null, rdnCaseId: row.id, caseKey: `rdn:${row.id}` }
}

/** Sets the moment; migration 039's trigger rewrites the old day and clock columns to follow it. */
export async function writeCaseMoment(
  db: Db,
  found: { orderId: string | null; rdnCaseId: string | null },
  moment: string,
) {
  const now = sql<Date>`date_trunc('milliseconds', now())`
  if (found.orderId) {
    await db
      .updateTable('orders')
      .set({ repossessed_at: moment, updated_at: now })
      .where('id', '=', found.orderId)
      .execute()
  } else if (found.rdnCaseId) {
    await db
      .updateTable('rdn_cases')
      .set({ time_marked_repossessed: moment, updated_at: now })
      .where('id', '=', found.rdnCaseId)
      .execute()
  }
}

/** The case's draft invoices count storage from the corrected moment (a sent one keeps what it billed). */
export async function moveDraftStorageStart(db: Db, companyId: string, caseKey: string, moment: string) {
  await db
    .updateTable('invoices')
    .set({
      repossessed_at: moment,
      storage_started_at: sql<Date | null>`case when storage_started_at is null then null else ${moment}::timestamptz end`,
    })
    .where('company_id', '=', companyId)
    .where('case_key', '=', caseKey)
    .where('status', '=', 'draft')
    .execute()
}

import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { DB } from '../../db/schema'

/** The company's sub-statuses, active first, by code, each with how many orders carry it now. */
export function selectSubStatuses(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('sub_statuses as status')
    .select([
      'status.id',
      'status.code',
      'status.description',
      'status.active',
      (eb) =>
        eb
          .selectFrom('order_sub_statuses as link')
          .select((count) => count.fn.countAll<string>().as('count'))
          .whereRef('link.company_id', '=', 'status.company_id')
          .whereRef('link.sub_status_code', '=', 'status.code')
          .where('link.active', '=', true)
          .as('order_count'),
    ])
    .where('status.company_id', '=', companyId)
    .orderBy('status.active', 'desc')
    .orderBy('status.code')
    .execute()
}

/** Whether another sub-status of the company already has the code (compared in upper case). */
export async function isCodeTaken(db: Kysely<DB>, companyId: string, code: string, exceptId?: string) {
  let query = db
    .selectFrom('sub_statuses')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`upper(code)`, '=', code)
  if (exceptId) query = query.where('id', '!=', exceptId)
  return Boolean(await query.executeTakeFirst())
}

export function insertSubStatus(
  db: Kysely<DB>,
  row: { company_id: string; code: string; description: string; active: boolean },
) {
  return db.insertInto('sub_statuses').values(row).returning(['id', 'code']).executeTakeFirstOrThrow()
}

export function updateSubStatus(
  db: Kysely<DB>,
  companyId: string,
  id: string,
  change: { description?: string; active?: boolean },
) {
  return db
    .updateTable('sub_statuses')
    .set(change)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning(['id', 'code', 'description', 'active'])
    .executeTakeFirst()
}

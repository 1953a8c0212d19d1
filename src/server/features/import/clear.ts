import type { Kysely } from 'kysely'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { recordAudit } from '../../records/audit'

/** 'Clear All Data': the company's orders and what hangs off them (search entries by cascade), in one transaction. */
export async function clearCompanyOrders(db: Kysely<DB>, viewer: Viewer, ip?: string): Promise<{ deleted: number }> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('ccd_finds').where('company_id', '=', viewer.companyId).execute()
    await trx.deleteFrom('repo_completions').where('company_id', '=', viewer.companyId).execute()
    await trx.deleteFrom('order_sub_statuses').where('company_id', '=', viewer.companyId).execute()
    await trx.deleteFrom('order_search_pending').where('company_id', '=', viewer.companyId).execute()
    const deleted = await trx.deleteFrom('orders').where('company_id', '=', viewer.companyId).executeTakeFirst()
    const count = Number(deleted.numDeletedRows)
    await recordAudit(trx, {
      action: 'orders.cleared',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      detail: { deleted: count },
      ip,
    })
    return { deleted: count }
  })
}

export async function countActiveClients(db: Kysely<DB>, viewer: Viewer): Promise<number> {
  const row = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', viewer.companyId)
    .where('active', '=', true)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

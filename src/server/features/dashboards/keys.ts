import { type Kysely, sql } from 'kysely'
import { KEY_JOB_STATES, type KeyJobState } from '../../../domain/dashboards/key-jobs'
import { VEHICLE_LIST_PAGE } from '../../../domain/dashboards/vehicle-list'
import { ORDER_ITEM_COLUMNS, orderWorkItem } from '../../../domain/dashboards/work-item'
import { REPOSSESSED_STATUS } from '../../../domain/dashboards/work-statuses'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { setChangeActor } from '../../records/change-actor'
import { decodeVin } from '../vehicles/service'

const isKeyJobState = (state: string | null): state is KeyJobState =>
  state !== null && (KEY_JOB_STATES as readonly string[]).includes(state)

/**
 * The key manager's and locksmith's list: repossessed orders without keys, each with the key type
 * its VIN decodes to (decodes are cached) and its locksmith job's state. The first `limit` of
 * them, beside their total: 'Show more' asks for more until the list reaches the total.
 */
export async function getKeysDashboard(deps: AppDeps, viewer: Viewer, limit = VEHICLE_LIST_PAGE) {
  const without = deps.db
    .selectFrom('orders')
    .where('orders.company_id', '=', viewer.companyId)
    .where('orders.status', '=', REPOSSESSED_STATUS)
    .where('orders.keys_obtained', '=', false)
  const [rows, counted] = await Promise.all([
    without
      .leftJoin('key_jobs', 'key_jobs.order_id', 'orders.id')
      .select(ORDER_ITEM_COLUMNS.map((column) => `orders.${column}` as const))
      .select(['orders.recovery_date', 'key_jobs.state as job_state', 'key_jobs.updated_at as job_updated_at'])
      .orderBy('orders.recovery_date', 'asc')
      .orderBy('orders.id')
      .limit(limit)
      .execute(),
    without.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  const vehicles = []
  // One at a time: a cold decode is synchronous work in the decoder's thread, and a cached one is a lookup.
  for (const row of rows) {
    const decoded = row.vin ? await decodeVin(deps, row.vin) : null
    vehicles.push({
      ...orderWorkItem(row),
      recoveryDate: row.recovery_date,
      keyType: decoded?.vehicleInfo?.keyType ?? null,
      jobState: isKeyJobState(row.job_state) ? row.job_state : null,
      jobUpdatedAt: row.job_updated_at?.toISOString() ?? null,
    })
  }
  return { total: Number(counted.count), vehicles }
}

/**
 * Moves an order's locksmith job to a state; 'key_made' also records the keys as obtained, which
 * takes the vehicle off the list.
 */
export async function setKeyJobState(db: Kysely<DB>, viewer: Viewer, orderId: string, state: KeyJobState, ip?: string) {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', orderId)
    .where('status', '=', REPOSSESSED_STATUS)
    .executeTakeFirst()
  if (!order) throw notFound('Order not found')
  await db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'dashboard' })
    await trx
      .insertInto('key_jobs')
      .values({ order_id: order.id, company_id: viewer.companyId, state, updated_by: viewer.profileId })
      .onConflict((conflict) =>
        conflict.column('order_id').doUpdateSet({ state, updated_by: viewer.profileId, updated_at: sql`now()` }),
      )
      .execute()
    if (state === 'key_made') {
      await trx
        .updateTable('orders')
        .set({ keys_obtained: true, updated_at: sql`now()` })
        .where('id', '=', order.id)
        .execute()
    }
    await recordAudit(trx, {
      action: 'key_job.updated',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `order:${order.id}`,
      detail: { state },
      ip,
    })
  })
  return { orderId: order.id, state }
}

import { type Kysely, sql } from 'kysely'
import { profileMarkets } from '../../../domain/dashboards/markets'
import { formatAddress, ORDER_ITEM_COLUMNS, orderWorkItem } from '../../../domain/dashboards/work-item'
import { OPEN_STATUS } from '../../../domain/dashboards/work-statuses'
import { displayName } from '../../../domain/profiles/display'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { notFound } from '../../http/app-error'
import { notStoppedSql } from '../../queries/assignable-work-sql'
import { checkFieldWorkAllowed } from '../../queries/field-stop'
import { containsPattern } from '../../queries/like-pattern'
import { recordAudit } from '../../records/audit'
import { setChangeActor } from '../../records/change-actor'
import { viewerMarkets } from './people'

const LOOKOUT_LIMIT = 100
const MY_FINDS = 20
/**
 * A second find of the same order by the same driver this soon is the same find (a double tap,
 * a second tab, a retry without its key): it neither records again nor notifies again.
 */
const SAME_FIND_WINDOW = sql`interval '2 minutes'`

/** A plate as letters and digits only, upper-cased: 'al 3b-c' and 'AL3BC' are the same plate. */
const plateKey = (plate: string) => plate.toUpperCase().replace(/[^A-Z0-9]/g, '')

/**
 * The camera car driver's lookout: open orders of their market(s), newest first, narrowed by a
 * plate fragment; and their own latest finds. No market on the profile means nothing to look for.
 */
export async function getCameraDriverDashboard(db: Kysely<DB>, viewer: Viewer, plate: string | undefined) {
  const markets = await viewerMarkets(db, viewer)
  const myFinds = await listMyFinds(db, viewer)
  if (markets?.length === 0) return { markets: [], noMarket: true, total: 0, lookout: [], myFinds }
  // Open orders whose status does not stop field work (issue 44): a driver never looks out for a held car.
  let lookout = db
    .selectFrom('orders')
    .where('company_id', '=', viewer.companyId)
    .where('status', '=', OPEN_STATUS)
    .where(notStoppedSql('status'))
  if (markets) lookout = lookout.where('detected_market', 'in', markets)
  const fragment = plate ? plateKey(plate) : ''
  if (fragment) {
    lookout = lookout.where(
      sql`regexp_replace(upper(coalesce(license_plate, '')), '[^A-Z0-9]', '', 'g')`,
      'like',
      containsPattern(fragment),
    )
  }
  const [rows, counted] = await Promise.all([
    lookout
      .select([...ORDER_ITEM_COLUMNS, 'last_spotted_location', 'last_spotted_at'])
      .orderBy('order_date', 'desc')
      .orderBy('id')
      .limit(LOOKOUT_LIMIT)
      .execute(),
    lookout.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  return {
    markets: markets ?? [],
    noMarket: false,
    total: Number(counted.count),
    lookout: rows.map((row) => ({
      ...orderWorkItem(row),
      area: lastKnownArea(row),
      lastSpottedLocation: row.last_spotted_location,
      lastSpottedAt: row.last_spotted_at?.toISOString() ?? null,
    })),
    myFinds,
  }
}

function lastKnownArea(row: {
  last_known_city: string | null
  last_known_state: string | null
  last_known_zip: string | null
  borrower_city: string | null
  borrower_state: string | null
  borrower_zip: string | null
}) {
  return (
    formatAddress(null, row.last_known_city, row.last_known_state, row.last_known_zip) ??
    formatAddress(null, row.borrower_city, row.borrower_state, row.borrower_zip)
  )
}

async function listMyFinds(db: Kysely<DB>, viewer: Viewer) {
  const rows = await db
    .selectFrom('ccd_finds')
    .innerJoin('orders', 'orders.id', 'ccd_finds.order_id')
    .select(ORDER_ITEM_COLUMNS.map((column) => `orders.${column}` as const))
    .select(['ccd_finds.id as find_id', 'ccd_finds.found_at', 'ccd_finds.location as find_location'])
    .where('ccd_finds.company_id', '=', viewer.companyId)
    .where('ccd_finds.driver_id', '=', viewer.profileId)
    .orderBy('ccd_finds.found_at', 'desc')
    .limit(MY_FINDS)
    .execute()
  return rows.map((row) => ({
    ...orderWorkItem(row),
    findId: row.find_id,
    foundAt: row.found_at.toISOString(),
    location: row.find_location,
  }))
}

export type FindInput = { orderId: string; location?: string; notes?: string }

/**
 * Records a camera car find of an open order in the driver's market: the find, the order's last
 * spotted place and time, and a notification for each active field manager of that market, in
 * one transaction. The driver's find of the order within the last two minutes is answered instead
 * (`repeated: true`); the order's row lock makes two concurrent finds wait for each other. A find
 * of a stopped order is refused (409, the stop's story; issue 44), checked under that lock.
 */
export async function recordFind(db: Kysely<DB>, viewer: Viewer, input: FindInput, ip?: string) {
  const markets = await viewerMarkets(db, viewer)
  const order = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'case_number', 'year', 'make', 'model', 'license_plate', 'detected_market'])
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', input.orderId)
    .executeTakeFirst()
  const inMarket = markets === null || (order?.detected_market && markets.includes(order.detected_market))
  if (!order || !inMarket) throw notFound('Order not found')
  const [driver, fieldManagers] = await Promise.all([
    db
      .selectFrom('profiles')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', viewer.profileId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('profiles')
      .select(['id', 'market'])
      .where('company_id', '=', viewer.companyId)
      .where('role', '=', 'field_manager')
      .where('active', '=', true)
      .execute(),
  ])
  const recipients = fieldManagers.filter(
    (manager) => order.detected_market && profileMarkets(manager.market).includes(order.detected_market),
  )
  const vehicle = [order.year, order.make, order.model].filter(Boolean).join(' ')
  const where = input.location ? ` at ${input.location}` : ''
  const message = `${displayName(driver)} found ${vehicle || 'a vehicle'} (${order.license_plate ?? 'no plate'}, case ${order.case_number ?? order.order_number})${where}.`
  return db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'dashboard' })
    const locked = await checkFieldWorkAllowed(trx, viewer.companyId, { orderId: order.id })
    if (locked?.status !== OPEN_STATUS) throw notFound('Order not found')
    const recent = await trx
      .selectFrom('ccd_finds')
      .select('id')
      .where('order_id', '=', order.id)
      .where('driver_id', '=', viewer.profileId)
      .where('found_at', '>', sql<Date>`now() - ${SAME_FIND_WINDOW}`)
      .orderBy('found_at', 'desc')
      .limit(1)
      .executeTakeFirst()
    if (recent) return { id: recent.id, notified: await countFindNotices(trx, recent.id), repeated: true }
    const find = await trx
      .insertInto('ccd_finds')
      .values({
        company_id: viewer.companyId,
        order_id: order.id,
        driver_id: viewer.profileId,
        location: input.location ?? null,
        notes: input.notes ?? null,
      })
      .returning(['id', 'found_at'])
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('orders')
      .set({
        last_spotted_at: find.found_at,
        ...(input.location ? { last_spotted_location: input.location } : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', order.id)
      .execute()
    if (recipients.length) {
      await trx
        .insertInto('notifications')
        .values(
          recipients.map((manager) => ({
            company_id: viewer.companyId,
            profile_id: manager.id,
            kind: 'ccd_find',
            order_id: order.id,
            href: `/order/${order.id}`,
            message,
          })),
        )
        .execute()
    }
    await recordAudit(trx, {
      action: 'ccd_find.recorded',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `order:${order.id}`,
      detail: { notified: recipients.length },
      ip,
    })
    return { id: find.id, notified: recipients.length, repeated: false }
  })
}

/** The field managers a find told: its notifications were written in its transaction, at its now(). */
async function countFindNotices(db: Kysely<DB>, findId: string) {
  const row = await db
    .selectFrom('notifications')
    .innerJoin('ccd_finds', (join) =>
      join
        .onRef('ccd_finds.order_id', '=', 'notifications.order_id')
        .onRef('ccd_finds.found_at', '=', 'notifications.created_at'),
    )
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('ccd_finds.id', '=', findId)
    .where('notifications.kind', '=', 'ccd_find')
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

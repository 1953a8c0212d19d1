import { type Kysely, sql } from 'kysely'
import { ORDER_ITEM_COLUMNS, orderWorkItem } from '../../../domain/dashboards/work-item'
import { displayName } from '../../../domain/profiles/display'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { notFound } from '../../http/app-error'
import { OPEN_WORK } from '../../queries/agent-work-sql'
import { checkAssignablePerson } from '../../queries/assignable-people'
import { notStoppedSql } from '../../queries/assignable-work-sql'
import { countCasesByStatus } from '../../queries/case-filters'
import { checkFieldWorkAllowed } from '../../queries/field-stop'
import { recordAudit } from '../../records/audit'
import { setChangeActor } from '../../records/change-actor'
import { viewerMarkets } from './people'

const UNASSIGNED_LIMIT = 50
const FIELD_ROLES = ['recovery_agent', 'camera_driver'] as const

/**
 * The field manager's markets (an administrator's: all): orders and RDN cases by status, open
 * orders by agent, the open orders nobody is on, the people who can take them, and unread
 * camera car finds.
 */
export async function getFieldManagerDashboard(db: Kysely<DB>, viewer: Viewer) {
  const markets = await viewerMarkets(db, viewer)
  const [people, finds] = await Promise.all([listFieldPeople(db, viewer), listUnreadFinds(db, viewer)])
  if (markets?.length === 0) {
    return {
      markets: [],
      noMarket: true,
      ordersByStatus: [],
      casesByStatus: [],
      openByAgent: [],
      unassigned: { total: 0, orders: [] },
      people,
      finds,
    }
  }
  let orders = db.selectFrom('orders').where('company_id', '=', viewer.companyId)
  if (markets) orders = orders.where('detected_market', 'in', markets)
  // Open work (domain/agent-work): the board's and the agent's own dashboard's meaning.
  const openOrders = orders.where('status', 'in', OPEN_WORK)
  // Those to hand out: open, nobody on them, and not stopped (a held order is not assigned, issue 44).
  const unassignedOrders = openOrders.where('assigned_agent_id', 'is', null).where(notStoppedSql('status'))
  const caseMarkets = markets ? { market: markets } : {}
  const [ordersByStatus, casesByStatus, openByAgent, unassignedRows, unassignedCount] = await Promise.all([
    orders
      .select((eb) => ['status', eb.fn.countAll<string>().as('count')])
      .groupBy('status')
      .orderBy('count', 'desc')
      .execute(),
    countCasesByStatus(db, viewer.companyId, markets),
    openOrders
      .select((eb) => ['assigned_agent_id', eb.fn.countAll<string>().as('count')])
      .groupBy('assigned_agent_id')
      .orderBy('count', 'desc')
      .execute(),
    unassignedOrders
      .select([...ORDER_ITEM_COLUMNS, 'assigned_camera_driver_id'])
      .orderBy('order_date', 'asc')
      .orderBy('id')
      .limit(UNASSIGNED_LIMIT)
      .execute(),
    unassignedOrders.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  const nameOf = new Map(people.map((person) => [person.id, person.name]))
  return {
    markets: markets ?? [],
    noMarket: false,
    ordersByStatus: ordersByStatus.map((row) => ({ status: row.status, count: Number(row.count) })),
    casesByStatus: casesByStatus.map((row) => ({
      status: row.status ?? '-',
      count: row.count,
      filters: row.status ? { ...caseMarkets, status: [row.status] } : null,
    })),
    openByAgent: openByAgent.map((row) => ({
      agentId: row.assigned_agent_id,
      agent: row.assigned_agent_id ? (nameOf.get(row.assigned_agent_id) ?? 'Former agent') : 'Unassigned',
      count: Number(row.count),
    })),
    unassigned: {
      total: Number(unassignedCount.count),
      orders: unassignedRows.map((row) => ({ ...orderWorkItem(row), cameraDriverId: row.assigned_camera_driver_id })),
    },
    people,
    finds,
  }
}

async function listFieldPeople(db: Kysely<DB>, viewer: Viewer) {
  const rows = await db
    .selectFrom('profiles')
    .select(['id', 'first_name', 'last_name', 'email', 'role', 'market'])
    .where('company_id', '=', viewer.companyId)
    .where('active', '=', true)
    .where('role', 'in', FIELD_ROLES)
    .orderBy('first_name')
    .orderBy('last_name')
    .execute()
  return rows.map((row) => ({ id: row.id, name: displayName(row), role: row.role, market: row.market }))
}

async function listUnreadFinds(db: Kysely<DB>, viewer: Viewer) {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'message', 'order_id', 'created_at'])
    .where('company_id', '=', viewer.companyId)
    .where('profile_id', '=', viewer.profileId)
    .where('kind', '=', 'ccd_find')
    .where('read_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    href: row.order_id ? `/order/${row.order_id}` : null,
    createdAt: row.created_at.toISOString(),
  }))
}

/** Marks the viewer's own notifications read (another person's ids are ignored). */
export async function markNotificationsRead(db: Kysely<DB>, viewer: Viewer, ids: string[]) {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: sql`now()` })
    .where('company_id', '=', viewer.companyId)
    .where('profile_id', '=', viewer.profileId)
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .executeTakeFirst()
  return { read: Number(result.numUpdatedRows) }
}

export type AssignmentInput = { agentId: string | null; cameraDriverId: string | null }

/**
 * Puts a recovery agent and a camera car driver on an order of the manager's markets (null takes
 * one off). Each must be assignable to it (queries/assignable-people: the order detail's rule too).
 * Putting someone new on a stopped order is refused (409, the stop's story; issue 44); taking
 * someone off is not.
 */
export async function assignOrder(
  db: Kysely<DB>,
  viewer: Viewer,
  orderId: string,
  input: AssignmentInput,
  ip?: string,
) {
  const markets = await viewerMarkets(db, viewer)
  const order = await db
    .selectFrom('orders')
    .select(['id', 'detected_market', 'assigned_agent_id', 'assigned_camera_driver_id'])
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', orderId)
    .executeTakeFirst()
  const inMarket = markets === null || (order?.detected_market && markets.includes(order.detected_market))
  if (!order || !inMarket) throw notFound('Order not found')
  const orderMarket = order.detected_market
  await checkAssignablePerson(db, viewer.companyId, {
    id: input.agentId,
    role: 'recovery_agent',
    orderMarket,
    field: 'agentId',
  })
  await checkAssignablePerson(db, viewer.companyId, {
    id: input.cameraDriverId,
    role: 'camera_driver',
    orderMarket,
    field: 'cameraDriverId',
  })
  await db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'dashboard' })
    const putsSomeoneOn =
      (input.agentId !== null && input.agentId !== order.assigned_agent_id) ||
      (input.cameraDriverId !== null && input.cameraDriverId !== order.assigned_camera_driver_id)
    if (putsSomeoneOn) await checkFieldWorkAllowed(trx, viewer.companyId, { orderId: order.id })
    await trx
      .updateTable('orders')
      .set({
        assigned_agent_id: input.agentId,
        assigned_camera_driver_id: input.cameraDriverId,
        updated_at: sql`now()`,
      })
      .where('id', '=', order.id)
      .execute()
    await recordAudit(trx, {
      action: 'order.assigned',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `order:${order.id}`,
      detail: {
        agent: { from: order.assigned_agent_id, to: input.agentId },
        cameraDriver: { from: order.assigned_camera_driver_id, to: input.cameraDriverId },
      },
      ip,
    })
  })
  return { id: order.id, agentId: input.agentId, cameraDriverId: input.cameraDriverId }
}

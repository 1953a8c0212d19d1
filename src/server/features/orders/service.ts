import type { Kysely } from 'kysely'
import { hasFieldAccess } from '../../../domain/auth/roles'
import { HOLD_AFTER_RECOVERY_MESSAGE } from '../../../domain/holds/field-stops'
import { deriveFeeRequests } from '../../../domain/orders/fee-requests'
import type { OrderEdits } from '../../../domain/orders/order-edit'
import { detectOrderMarket, orderMarketZips } from '../../../domain/orders/order-market'
import {
  ASSIGNMENT_FIELDS,
  ASSIGNMENT_ROLES,
  isOrderWorkField,
  orderWorkMarket,
} from '../../../domain/orders/order-work'
import { displayName } from '../../../domain/profiles/display'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error'
import { checkAssignablePerson, listAssignablePeople } from '../../queries/assignable-people'
import { isStoppingStatus, stoppedCaseError } from '../../queries/field-stop'
import { recordAudit, recordCaseOpened } from '../../records/audit'
import { setChangeActor } from '../../records/change-actor'
import { viewerMarkets } from '../dashboards/people'
import { markCaseHoldsRead } from '../holds/receipts-service'
import {
  findClient,
  findLatestCompletion,
  findLatestFind,
  findMarketZips,
  findOrder,
  findPeople,
  findSubStatusLinks,
  updateOrderIfUnchanged,
} from './repository'

export const ORDER_NOT_FOUND = 'Order not found'
export const ORDER_CHANGED_MESSAGE =
  'Someone else changed this order since you opened it. Your edits were not saved; reload to see the current order.'

export const ALREADY_REPOSSESSED =
  'This order is already Repossessed: correct when with a reason (Correct repossession), not in Edit mode.'

export const WORK_FIELDS_FORBIDDEN =
  'Only administrators, managers and field managers may change an order’s status, priority, due date or assignment.'

/**
 * Whether the viewer may change the order's work fields (status, priority, due date, people):
 * field access (SPEC.md section 6), and a field manager only on orders of their markets, as on
 * their dashboard.
 */
async function mayChangeWork(db: Kysely<DB>, viewer: Viewer, detectedMarket: string | null) {
  if (!hasFieldAccess(viewer.role)) return false
  if (viewer.role !== 'field_manager') return true
  const markets = await viewerMarkets(db, viewer)
  return markets === null || (detectedMarket !== null && markets.includes(detectedMarket))
}

type Person = { id: string; first_name: string | null; last_name: string | null; email: string }
const personView = (person: Person | undefined) =>
  person ? { id: person.id, full_name: displayName(person), email: person.email } : null

/**
 * One order with everything the detail shows (SPEC.md section 2): client, assigned people, the
 * market from the company's ZIP table, fee requests, and who found and recovered the vehicle.
 */
export async function getOrderDetail({ db }: AppDeps, viewer: Viewer, orderId: string, ip: string | null) {
  const order = await findOrder(db, viewer.companyId, orderId)
  if (!order) throw notFound(ORDER_NOT_FOUND)
  // Who opened a debtor's record (issue 41): once per person, order and day.
  await recordCaseOpened(db, viewer, `order:${order.id}`, ip)
  await markCaseHoldsRead(db, viewer, { orderId: order.id })
  const [client, find, completion, links, zipTable] = await Promise.all([
    findClient(db, viewer.companyId, order.client_id),
    findLatestFind(db, viewer.companyId, order.id),
    findLatestCompletion(db, viewer.companyId, order.id),
    findSubStatusLinks(db, viewer.companyId, order.case_number),
    findMarketZips(db, viewer.companyId, orderMarketZips(order)),
  ])
  const peopleIds = [order.assigned_agent_id, order.assigned_camera_driver_id, find?.driver_id, completion?.agent_id]
  const people = await findPeople(
    db,
    viewer.companyId,
    [...new Set(peopleIds)].filter((id): id is string => Boolean(id)),
  )
  const person = (id: string | null | undefined) => personView(people.find((candidate) => candidate.id === id))
  // SPEC.md section 9: the detail's market comes from the ZIPs alone (95, or unknown).
  const market = detectOrderMarket(order, zipTable)
  return {
    ...order,
    can_change_work: await mayChangeWork(db, viewer, order.detected_market),
    client: client ? { name: client.name, client_code: client.client_code } : null,
    assigned_agent: person(order.assigned_agent_id),
    assigned_camera_driver: person(order.assigned_camera_driver_id),
    market,
    fee_requests: deriveFeeRequests(links),
    sub_statuses: links
      .filter((link) => link.active)
      .map((link) => ({ code: link.sub_status_code, description: link.description })),
    found_by: find ? { ...find, driver: person(find.driver_id) } : null,
    recovered_by: completion ? { ...completion, agent: person(completion.agent_id) } : null,
  }
}

/**
 * Saves Edit mode's changes (already limited to the editable and work fields and checked), with an
 * audit row naming the fields, in one transaction; refuses with 409 when the order changed since
 * the editor loaded it. Work fields need field access (403) and, for a field manager, an order of
 * their markets (404 outside); the people put on it must be assignable (400 naming the field).
 */
export async function updateOrder(
  { db }: AppDeps,
  viewer: Viewer,
  orderId: string,
  input: { expectedUpdatedAt: string; changes: OrderEdits },
  ip: string,
) {
  const workFields = Object.keys(input.changes).filter(isOrderWorkField)
  if (workFields.length > 0 && !hasFieldAccess(viewer.role)) {
    throw new AppError('forbidden', WORK_FIELDS_FORBIDDEN, `changes.${workFields[0]}`)
  }
  return db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'person' })
    if (workFields.length > 0) {
      const order = await findOrder(trx, viewer.companyId, orderId, { lock: true })
      if (!order || !(await mayChangeWork(trx, viewer, order.detected_market))) throw notFound(ORDER_NOT_FOUND)
      await checkStopAllowsChanges(trx, viewer.companyId, order, input.changes)
      if (input.changes.repossessed_at !== undefined && order.status === 'Repossessed') {
        throw badRequest(ALREADY_REPOSSESSED, 'changes.repossessed_at')
      }
      for (const field of ASSIGNMENT_FIELDS) {
        const id = input.changes[field]
        if (id === undefined) continue
        await checkAssignablePerson(trx, viewer.companyId, {
          id,
          role: ASSIGNMENT_ROLES[field],
          orderMarket: order.detected_market,
          field: `changes.${field}`,
        })
      }
    }
    const updated = await updateOrderIfUnchanged(
      trx,
      viewer.companyId,
      orderId,
      new Date(input.expectedUpdatedAt),
      input.changes,
    )
    if (!updated) {
      const exists = await findOrder(trx, viewer.companyId, orderId)
      if (!exists) throw notFound(ORDER_NOT_FOUND)
      throw new AppError('conflict', ORDER_CHANGED_MESSAGE)
    }
    await recordAudit(trx, {
      action: 'order.updated',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `order:${orderId}`,
      detail: { fields: Object.keys(input.changes), impersonatedBy: viewer.impersonatorUserId ?? undefined },
      ip,
    })
    return {
      id: updated.id,
      updated_at: updated.updated_at,
      ...(updated.status !== input.changes.status && input.changes.status
        ? { hold_arrived_after_recovery: true, message: HOLD_AFTER_RECOVERY_MESSAGE }
        : {}),
    }
  })
}

/**
 * Issue 44: on a stopped case (its current status, or the one this save moves it to) no one is put
 * on it; and a stopped case is not moved to Repossessed (409 with the stop's story).
 */
async function checkStopAllowsChanges(
  db: Kysely<DB>,
  companyId: string,
  order: { id: string; status: string },
  changes: OrderEdits,
) {
  const target = { orderId: order.id }
  const [stoppedNow, stoppedAfter] = await Promise.all([
    isStoppingStatus(db, order.status),
    isStoppingStatus(db, changes.status ?? order.status),
  ])
  if (stoppedNow && changes.status === 'Repossessed') throw await stoppedCaseError(db, companyId, target, order.status)
  const assigning = ASSIGNMENT_FIELDS.some((field) => changes[field] !== undefined && changes[field] !== null)
  if (assigning && stoppedAfter) {
    throw await stoppedCaseError(db, companyId, target, changes.status ?? order.status)
  }
}

/**
 * The people the order detail may offer for the order's agent and camera car driver (the save
 * checks the same rule), for whoever may change its work fields.
 */
export async function getAssignablePeople({ db }: AppDeps, viewer: Viewer, orderId: string) {
  if (!hasFieldAccess(viewer.role)) throw forbidden(WORK_FIELDS_FORBIDDEN)
  const order = await findOrder(db, viewer.companyId, orderId)
  if (!order || !(await mayChangeWork(db, viewer, order.detected_market))) throw notFound(ORDER_NOT_FOUND)
  const [agents, cameraDrivers] = await Promise.all([
    listAssignablePeople(db, viewer.companyId, ASSIGNMENT_ROLES.assigned_agent_id, order.detected_market),
    listAssignablePeople(db, viewer.companyId, ASSIGNMENT_ROLES.assigned_camera_driver_id, order.detected_market),
  ])
  return { market: orderWorkMarket(order.detected_market), agents, cameraDrivers }
}

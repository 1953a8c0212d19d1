import { deriveFeeRequests } from '../../../domain/orders/fee-requests'
import type { OrderEdits } from '../../../domain/orders/order-edit'
import { detectOrderMarket, orderMarketZips } from '../../../domain/orders/order-market'
import { displayName } from '../../../domain/profiles/display'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../lib/app-error'
import { recordAudit } from '../../lib/audit'
import { setChangeActor } from '../../lib/change-actor'
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

type Person = { id: string; first_name: string | null; last_name: string | null; email: string }
const personView = (person: Person | undefined) =>
  person ? { id: person.id, full_name: displayName(person), email: person.email } : null

/**
 * One order with everything the detail shows (SPEC.md section 2): client, assigned people, the
 * market from the company's ZIP table, fee requests, and who found and recovered the vehicle.
 */
export async function getOrderDetail({ db }: AppDeps, viewer: Viewer, orderId: string) {
  const order = await findOrder(db, viewer.companyId, orderId)
  if (!order) throw notFound(ORDER_NOT_FOUND)
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
 * Saves Edit mode's changes (already limited to the editable fields and checked), with an audit
 * row naming the fields; refuses with 409 when the order changed since the editor loaded it.
 */
export async function updateOrder(
  { db }: AppDeps,
  viewer: Viewer,
  orderId: string,
  input: { expectedUpdatedAt: string; changes: OrderEdits },
  ip: string,
) {
  return db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'person' })
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
    return { id: updated.id, updated_at: updated.updated_at }
  })
}

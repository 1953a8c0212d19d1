import { agencyToday } from '../../../domain/formats/agency-time'
import type { PropertyDisposalInput } from '../../../domain/property/redemption'
import { disposalProblem } from '../../../domain/property/redemption'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { inventoryNotices, inventoryOf } from './records'
import { heldItems, itemText, takeItems } from './release-service'
import { caseProperty } from './service'

// Held property disposed of once its hold is over, against a notice sent in time (issue 20).

/** Disposes of held items once the hold is over, against a notice sent in time. */
export async function disposeProperty(
  deps: AppDeps,
  viewer: Viewer,
  inventoryId: string,
  input: PropertyDisposalInput,
  ip: string | null,
) {
  const target = await deps.db.transaction().execute(async (trx) => {
    const inventory = await inventoryOf(trx, viewer.companyId, inventoryId)
    const problem = disposalProblem({
      today: agencyToday(),
      holdUntil: inventory.hold_until,
      notices: await inventoryNotices(trx, inventory.id),
      noticeId: input.noticeId,
    })
    if (problem) throw new AppError('conflict', problem.message, problem.field)
    await heldItems(trx, inventory.id, input.itemIds)
    const moved = await takeItems(trx, input.itemIds, 'disposed')
    const now = new Date()
    const disposal = await trx
      .insertInto('property_releases')
      .values({
        company_id: viewer.companyId,
        inventory_id: inventory.id,
        kind: 'disposal',
        status: 'completed',
        item_ids: input.itemIds,
        notice_id: input.noticeId,
        disposal_method: input.method,
        created_by_profile_id: viewer.profileId,
        completed_by_profile_id: viewer.profileId,
        completed_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeCaseEvent(
      trx,
      viewer.companyId,
      inventory.ids,
      'property_inventory',
      `Property disposed of (${input.method.toLowerCase()}) after notice: ${itemText(moved)}`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'property.disposed',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `property_release:${disposal.id}`,
      detail: { items: moved.length, method: input.method, noticeId: input.noticeId },
      ip,
    })
    return inventory.target
  })
  return caseProperty(deps, viewer, target)
}

import type { Transaction } from 'kysely'
import { formatCaseDate } from '../../../domain/formats/dates'
import type { HandOverInput, PropertyReleaseInput } from '../../../domain/property/redemption'
import type { ReleaseSignerInput } from '../../../domain/redemption/release'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { AppError, badRequest, notFound } from '../../http/app-error'
import { caseParticulars } from '../../queries/case-particulars'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { createReleaseDocument, requestReleaseSignature, revokeReleaseLinks } from '../compliance/release-signatures'
import { inventoryOf, PROPERTY_RELEASE_NOT_FOUND } from './records'
import { caseProperty } from './service'

// Personal property given back in parts against an ID and a signed release (issue 20). An item leaves once: of two releases of it at
// once, exactly one goes through.

export const conflict = (message: string) => new AppError('conflict', message)
export const PROPERTY_NOT_SIGNED = 'The release must be signed before the property is handed over.'
const NO_LONGER_HELD = 'Some of these items are no longer held.'

export const itemText = (items: { description: string; quantity: number }[]) =>
  items.map((item) => (item.quantity > 1 ? `${item.quantity} x ${item.description}` : item.description)).join('; ')

/** The held items of an inventory among `itemIds` (all of them, or a 400/409 with the reason). */
export async function heldItems(trx: Transaction<DB>, inventoryId: string, itemIds: string[]) {
  const items = await trx
    .selectFrom('property_items')
    .select(['id', 'description', 'quantity', 'status'])
    .where('inventory_id', '=', inventoryId)
    .where('id', 'in', itemIds)
    .orderBy('position')
    .execute()
  if (items.length !== itemIds.length) throw badRequest('Choose items from this inventory.', 'itemIds')
  if (items.some((item) => item.status !== 'held')) throw conflict(NO_LONGER_HELD)
  return items
}

/** A new release document for some items, naming the signer, and its signature link. */
async function releaseDocument(
  trx: Transaction<DB>,
  viewer: Viewer,
  ids: { orderId: string | null; rdnCaseId: string | null },
  items: { description: string; quantity: number }[],
  signer: string,
) {
  const company = await trx
    .selectFrom('companies')
    .select('name')
    .where('id', '=', viewer.companyId)
    .executeTakeFirstOrThrow()
  const particulars = await caseParticulars(trx, viewer.companyId, ids)
  const body = [
    `I, ${signer}, take back from ${company.name} on ${formatCaseDate(new Date())} the following personal property found in the ${particulars.vehicle}${particulars.vin ? ` (VIN ${particulars.vin})` : ''}: ${itemText(items)}.`,
    'I have checked these items and nothing else is owed to me for them.',
  ].join('\n\n')
  return createReleaseDocument(trx, viewer.companyId, 'Property Release', body)
}

/** Starts giving some held items back: a pending release and the link for its signature. */
export async function startPropertyRelease(
  deps: AppDeps,
  viewer: Viewer,
  inventoryId: string,
  input: PropertyReleaseInput,
  ip: string,
) {
  const inventory = await inventoryOf(deps.db, viewer.companyId, inventoryId)
  const { releaseId, documentId } = await deps.db.transaction().execute(async (trx) => {
    const items = await heldItems(trx, inventory.id, input.itemIds)
    const documentId = await releaseDocument(trx, viewer, inventory.ids, items, input.signer.name)
    const release = await trx
      .insertInto('property_releases')
      .values({
        company_id: viewer.companyId,
        inventory_id: inventory.id,
        kind: 'release',
        item_ids: input.itemIds,
        release_document_id: documentId,
        created_by_profile_id: viewer.profileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeCaseEvent(
      trx,
      viewer.companyId,
      inventory.ids,
      'property_inventory',
      `Property release sent to ${input.signer.name} to sign: ${itemText(items)}`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'property.release_started',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `property_release:${release.id}`,
      detail: { inventoryId: inventory.id, items: input.itemIds.length, mailed: input.signer.email !== null },
      ip,
    })
    return { releaseId: release.id, documentId }
  })
  const request = await requestReleaseSignature(deps, viewer, documentId, input.signer, ip)
  return {
    releaseId,
    link: request.link,
    expiresAt: request.expiresAt,
    property: await caseProperty(deps, viewer, inventory.target),
  }
}

async function pendingRelease(trx: Transaction<DB>, companyId: string, releaseId: string) {
  const release = await trx
    .selectFrom('property_releases as r')
    .leftJoin('compliance_documents as d', 'd.id', 'r.release_document_id')
    .select(['r.id', 'r.inventory_id', 'r.kind', 'r.status', 'r.item_ids', 'r.release_document_id'])
    .select('d.status as document_status')
    .where('r.company_id', '=', companyId)
    .where('r.id', '=', releaseId)
    .forUpdate('r')
    .executeTakeFirst()
  if (!release) throw notFound(PROPERTY_RELEASE_NOT_FOUND)
  if (release.status !== 'pending') throw conflict('This release is already done or cancelled.')
  return release
}

/** A new signature link for a pending release (another signer or a lost link); the old links stop working. */
export async function resendPropertyRelease(
  deps: AppDeps,
  viewer: Viewer,
  releaseId: string,
  signer: ReleaseSignerInput,
  ip: string,
) {
  const documentId = await deps.db.transaction().execute(async (trx) => {
    const release = await pendingRelease(trx, viewer.companyId, releaseId)
    if (release.document_status === 'signed') throw conflict('This release is already signed.')
    const inventory = await inventoryOf(trx, viewer.companyId, release.inventory_id)
    const items = await heldItems(trx, inventory.id, release.item_ids)
    const documentId = await releaseDocument(trx, viewer, inventory.ids, items, signer.name)
    await revokeReleaseLinks(trx, release.release_document_id)
    await trx
      .updateTable('property_releases')
      .set({ release_document_id: documentId })
      .where('id', '=', release.id)
      .execute()
    await recordAudit(trx, {
      action: 'property.release_resent',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `property_release:${release.id}`,
      detail: { mailed: signer.email !== null },
      ip,
    })
    return documentId
  })
  const request = await requestReleaseSignature(deps, viewer, documentId, signer, ip)
  return { link: request.link, expiresAt: request.expiresAt }
}

/** The hand-over of a signed release against an ID: its items leave the lot, once. */
export async function completePropertyRelease(
  deps: AppDeps,
  viewer: Viewer,
  releaseId: string,
  input: HandOverInput,
  ip: string | null,
) {
  const target = await deps.db.transaction().execute(async (trx) => {
    const release = await pendingRelease(trx, viewer.companyId, releaseId)
    if (release.document_status !== 'signed') throw conflict(PROPERTY_NOT_SIGNED)
    const inventory = await inventoryOf(trx, viewer.companyId, release.inventory_id)
    const moved = await takeItems(trx, release.item_ids, 'released')
    const now = new Date()
    await trx
      .updateTable('property_releases')
      .set({
        status: 'completed',
        released_to: input.releasedTo,
        id_type: input.idType,
        id_last4: input.idLast4,
        completed_by_profile_id: viewer.profileId,
        completed_at: now,
      })
      .where('id', '=', release.id)
      .execute()
    await writeCaseEvent(
      trx,
      viewer.companyId,
      inventory.ids,
      'property_inventory',
      `Property released to ${input.releasedTo} (${input.idType} ending ${input.idLast4}): ${itemText(moved)}`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'property.released',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `property_release:${release.id}`,
      detail: { items: moved.length, idType: input.idType },
      ip,
    })
    return inventory.target
  })
  return caseProperty(deps, viewer, target)
}

/** Marks items released or disposed of, only if every one of them is still held. */
export async function takeItems(trx: Transaction<DB>, itemIds: string[], status: 'released' | 'disposed') {
  const moved = await trx
    .updateTable('property_items')
    .set({ status })
    .where('id', 'in', itemIds)
    .where('status', '=', 'held')
    .returning(['id', 'description', 'quantity'])
    .execute()
  if (moved.length !== itemIds.length) throw conflict(NO_LONGER_HELD)
  return moved
}

/** Cancels a pending release: its links stop working, its items stay held. */
export async function cancelPropertyRelease(deps: AppDeps, viewer: Viewer, releaseId: string, ip: string | null) {
  const target = await deps.db.transaction().execute(async (trx) => {
    const release = await pendingRelease(trx, viewer.companyId, releaseId)
    const inventory = await inventoryOf(trx, viewer.companyId, release.inventory_id)
    await trx.updateTable('property_releases').set({ status: 'cancelled' }).where('id', '=', release.id).execute()
    await revokeReleaseLinks(trx, release.release_document_id)
    await writeCaseEvent(
      trx,
      viewer.companyId,
      inventory.ids,
      'property_inventory',
      'Property release cancelled',
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'property.release_cancelled',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `property_release:${release.id}`,
      ip,
    })
    return inventory.target
  })
  return caseProperty(deps, viewer, target)
}

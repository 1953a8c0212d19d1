import { canOpenScreen } from '../../../domain/auth/permissions'
import { agencyToday } from '../../../domain/formats/agency-time'
import { formatCaseDate } from '../../../domain/formats/dates'
import { type InventoryInput, propertyClock } from '../../../domain/property/inventory'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, badRequest, notFound } from '../../http/app-error'
import { CASE_NOT_FOUND, type CaseTarget, recoveredCase } from '../../queries/recovered-case'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { inventoryAppointments, inventoryNotices, inventoryReleases } from './records'
import { companyPropertyRules, ruleFor } from './rules-service'

const conflict = (message: string) => new AppError('conflict', message)

/** A case's personal property: its inventory and items, and the hold clock. */
export async function caseProperty(deps: AppDeps, viewer: Viewer, target: CaseTarget) {
  const found = await recoveredCase(deps.db, viewer.companyId, target)
  if (!found) throw notFound(CASE_NOT_FOUND)
  const inventory = await deps.db
    .selectFrom('property_inventories as i')
    .leftJoin('profiles as first', 'first.id', 'i.inventoried_by_profile_id')
    .leftJoin('profiles as second', 'second.id', 'i.second_person_profile_id')
    .select([
      'i.id',
      'i.no_property',
      'i.state',
      'i.hold_until',
      'i.notice_due',
      'i.inventoried_at',
      'first.first_name as by_first',
      'first.last_name as by_last',
      'second.first_name as second_first',
      'second.last_name as second_last',
    ])
    .where('i.company_id', '=', viewer.companyId)
    .where('i.case_key', '=', found.caseKey)
    .executeTakeFirst()
  const items = inventory
    ? await deps.db
        .selectFrom('property_items')
        .selectAll()
        .where('inventory_id', '=', inventory.id)
        .orderBy('position')
        .execute()
    : []
  const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null
  const [notices, appointments, releases, overrides] = await Promise.all([
    inventory ? inventoryNotices(deps.db, inventory.id) : [],
    inventory ? inventoryAppointments(deps.db, inventory.id) : [],
    inventory ? inventoryReleases(deps.db, viewer.companyId, inventory.id) : [],
    companyPropertyRules(deps.db, viewer.companyId),
  ])
  const today = agencyToday()
  return {
    case: { label: found.label, recovered: found.recovered },
    rule: ruleFor(inventory ? inventory.state : found.state, overrides),
    may: { release: mayRelease(viewer) },
    canDispose: Boolean(
      inventory &&
        today > inventory.hold_until &&
        notices.some((notice) => notice.sentOn <= inventory.hold_until) &&
        items.some((item) => item.status === 'held'),
    ),
    notices,
    appointments,
    releases,
    inventory: inventory && {
      id: inventory.id,
      noProperty: inventory.no_property,
      state: inventory.state,
      holdUntil: inventory.hold_until,
      noticeDue: inventory.notice_due,
      inventoriedAt: inventory.inventoried_at.toISOString(),
      inventoriedBy: name(inventory.by_first, inventory.by_last),
      secondPerson: name(inventory.second_first, inventory.second_last),
    },
    items: items.map((item) => ({
      id: item.id,
      category: item.category,
      description: item.description,
      quantity: item.quantity,
      containerLabel: item.container_label,
      fileId: item.file_id,
      lotPlace: item.lot_place,
      disposition: item.disposition,
      status: item.status,
    })),
  }
}

/**
 * The inventory of a recovered case, taken once: its items or a 'no property' attestation, by
 * two people where the company requires it, with the hold clock of the case's state.
 */
export async function takeInventory(
  deps: AppDeps,
  viewer: Viewer,
  target: CaseTarget,
  input: InventoryInput,
  ip: string | null,
) {
  const found = await recoveredCase(deps.db, viewer.companyId, target)
  if (!found) throw notFound(CASE_NOT_FOUND)
  if (!found.recovered) throw conflict('Property is inventoried once the vehicle is recovered.')
  const company = await deps.db
    .selectFrom('companies')
    .select('require_two_person_inventory')
    .where('id', '=', viewer.companyId)
    .executeTakeFirstOrThrow()
  if (input.secondPersonId === viewer.profileId)
    throw badRequest('The second person is someone else.', 'secondPersonId')
  if (company.require_two_person_inventory && !input.secondPersonId)
    throw badRequest('Your company inventories property with two people: name the second.', 'secondPersonId')
  if (input.secondPersonId) {
    const second = await deps.db
      .selectFrom('profiles')
      .select('id')
      .where('company_id', '=', viewer.companyId)
      .where('id', '=', input.secondPersonId)
      .where('active', '=', true)
      .executeTakeFirst()
    if (!second) throw badRequest('Choose an active person of your company as the second person.', 'secondPersonId')
  }
  const fileIds = input.items.flatMap((item) => (item.fileId ? [item.fileId] : []))
  if (fileIds.length) {
    const files = await deps.db
      .selectFrom('stored_files')
      .select('id')
      .where('company_id', '=', viewer.companyId)
      .where('id', 'in', fileIds)
      .execute()
    if (files.length !== new Set(fileIds).size) throw badRequest('Each photo must be one uploaded here.', 'items')
  }
  const clock = propertyClock(
    found.recoveredOn ?? agencyToday(),
    found.state,
    await companyPropertyRules(deps.db, viewer.companyId),
  )
  await deps.db.transaction().execute(async (trx) => {
    const inventory = await trx
      .insertInto('property_inventories')
      .values({
        company_id: viewer.companyId,
        case_key: found.caseKey,
        order_id: found.orderId,
        rdn_case_id: found.rdnCaseId,
        no_property: input.noProperty,
        state: clock.state,
        hold_until: clock.holdUntil,
        notice_due: clock.noticeDue,
        inventoried_by_profile_id: viewer.profileId,
        second_person_profile_id: input.secondPersonId,
      })
      .onConflict((conflict) => conflict.columns(['company_id', 'case_key']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inventory) throw conflict('This vehicle’s property is inventoried already.')
    if (input.items.length)
      await trx
        .insertInto('property_items')
        .values(
          input.items.map((item, position) => ({
            company_id: viewer.companyId,
            inventory_id: inventory.id,
            position,
            category: item.category,
            description: item.description,
            quantity: item.quantity,
            container_label: item.containerLabel,
            file_id: item.fileId,
            lot_place: item.lotPlace,
            disposition: item.disposition,
          })),
        )
        .execute()
    const text = input.noProperty
      ? 'No personal property found'
      : `Personal property inventoried: ${input.items.length} item${input.items.length === 1 ? '' : 's'}, held until ${formatCaseDate(clock.holdUntil)}`
    await writeCaseEvent(trx, viewer.companyId, found, 'property_inventory', text, viewer.profileId)
    await recordAudit(trx, {
      action: 'property.inventoried',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `property_inventory:${inventory.id}`,
      detail: {
        caseKey: found.caseKey,
        items: input.items.length,
        noProperty: input.noProperty,
        secondPerson: input.secondPersonId,
      },
      ip,
    })
  })
  return caseProperty(deps, viewer, target)
}

/** Who gives property back or disposes of it: the post-recovery people and management (not the lot). */
export const mayRelease = (viewer: Viewer) =>
  canOpenScreen(viewer.role, 'Property Redemptions') || canOpenScreen(viewer.role, 'Management Dashboard')

import type { AppointmentInput } from '../../../domain/property/redemption'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { APPOINTMENT_NOT_FOUND, inventoryOf } from './records'
import { caseProperty } from './service'

// Pickups of personal property, booked with the owner (issue 20).

const when = (date: Date) =>
  date.toLocaleString('en-US', { month: 'short', day: '2-digit', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })

export async function bookAppointment(
  deps: AppDeps,
  viewer: Viewer,
  inventoryId: string,
  input: AppointmentInput,
  ip: string | null,
) {
  const inventory = await inventoryOf(deps.db, viewer.companyId, inventoryId)
  if (inventory.no_property) throw new AppError('conflict', 'No property was found: there is nothing to pick up.')
  const startsAt = new Date(input.startsAt)
  await deps.db.transaction().execute(async (trx) => {
    const appointment = await trx
      .insertInto('property_appointments')
      .values({
        company_id: viewer.companyId,
        inventory_id: inventory.id,
        starts_at: startsAt,
        person_name: input.personName,
        phone: input.phone,
        notes: input.notes,
        booked_by_profile_id: viewer.profileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeCaseEvent(
      trx,
      viewer.companyId,
      inventory.ids,
      'property_inventory',
      `Property pickup booked for ${input.personName}, ${when(startsAt)} UTC`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'property.appointment_booked',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `property_appointment:${appointment.id}`,
      detail: { inventoryId: inventory.id },
      ip,
    })
  })
  return caseProperty(deps, viewer, inventory.target)
}

/** A scheduled pickup marked kept or cancelled (once). */
export async function setAppointmentStatus(
  deps: AppDeps,
  viewer: Viewer,
  appointmentId: string,
  status: 'kept' | 'cancelled',
  ip: string | null,
) {
  const target = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('property_appointments')
      .set({ status })
      .where('company_id', '=', viewer.companyId)
      .where('id', '=', appointmentId)
      .where('status', '=', 'scheduled')
      .returning(['id', 'inventory_id', 'person_name'])
      .executeTakeFirst()
    if (!updated) {
      const exists = await trx
        .selectFrom('property_appointments')
        .select('id')
        .where('company_id', '=', viewer.companyId)
        .where('id', '=', appointmentId)
        .executeTakeFirst()
      if (!exists) throw notFound(APPOINTMENT_NOT_FOUND)
      throw new AppError('conflict', 'This pickup is already marked kept or cancelled.')
    }
    const inventory = await inventoryOf(trx, viewer.companyId, updated.inventory_id)
    await writeCaseEvent(
      trx,
      viewer.companyId,
      inventory.ids,
      'property_inventory',
      `Property pickup with ${updated.person_name} ${status === 'kept' ? 'kept' : 'cancelled'}`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: `property.appointment_${status}`,
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `property_appointment:${updated.id}`,
      ip,
    })
    return inventory.target
  })
  return caseProperty(deps, viewer, target)
}

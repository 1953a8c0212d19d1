import type { Queryable } from '../../db/queryable'
import { notFound } from '../../http/app-error'
import type { CaseTarget } from '../../queries/recovered-case'
import { releaseSignatures } from '../compliance/release-signatures'

// What happened to an inventory after it was taken: notices sent, pickups booked, items released
// or disposed of.

export const INVENTORY_NOT_FOUND = 'Inventory not found.'
export const PROPERTY_RELEASE_NOT_FOUND = 'Release not found.'
export const APPOINTMENT_NOT_FOUND = 'Appointment not found.'

const personName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null

/** An inventory of the company, with the case it belongs to (as a target to answer with). */
export async function inventoryOf(db: Queryable, companyId: string, inventoryId: string) {
  const row = await db
    .selectFrom('property_inventories as i')
    .leftJoin('rdn_cases as c', 'c.id', 'i.rdn_case_id')
    .select(['i.id', 'i.case_key', 'i.order_id', 'i.rdn_case_id', 'i.hold_until', 'i.no_property', 'c.case_id'])
    .where('i.company_id', '=', companyId)
    .where('i.id', '=', inventoryId)
    .executeTakeFirst()
  if (!row) throw notFound(INVENTORY_NOT_FOUND)
  const target: CaseTarget = row.order_id ? { orderId: row.order_id } : { caseId: row.case_id as number }
  return { ...row, target, ids: { orderId: row.order_id, rdnCaseId: row.rdn_case_id } }
}

export async function inventoryNotices(db: Queryable, inventoryId: string) {
  const rows = await db
    .selectFrom('property_notices as n')
    .leftJoin('profiles as p', 'p.id', 'n.recorded_by_profile_id')
    .select(['n.id', 'n.sent_on', 'n.method', 'n.proof_file_id', 'n.recorded_at', 'p.first_name', 'p.last_name'])
    .where('n.inventory_id', '=', inventoryId)
    .orderBy('n.sent_on')
    .orderBy('n.recorded_at')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    sentOn: row.sent_on,
    method: row.method,
    proofFileId: row.proof_file_id,
    recordedBy: personName(row.first_name, row.last_name),
    recordedAt: row.recorded_at.toISOString(),
  }))
}

export async function inventoryAppointments(db: Queryable, inventoryId: string) {
  const rows = await db
    .selectFrom('property_appointments')
    .select(['id', 'starts_at', 'person_name', 'phone', 'notes', 'status'])
    .where('inventory_id', '=', inventoryId)
    .orderBy('starts_at')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    startsAt: row.starts_at.toISOString(),
    personName: row.person_name,
    phone: row.phone,
    notes: row.notes,
    status: row.status,
  }))
}

export async function inventoryReleases(db: Queryable, companyId: string, inventoryId: string) {
  const rows = await db
    .selectFrom('property_releases')
    .selectAll()
    .where('inventory_id', '=', inventoryId)
    .orderBy('created_at')
    .execute()
  const signatures = await releaseSignatures(
    db,
    companyId,
    rows.flatMap((row) => (row.release_document_id ? [row.release_document_id] : [])),
  )
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    itemIds: row.item_ids,
    releasedTo: row.released_to,
    idType: row.id_type,
    idLast4: row.id_last4,
    disposalMethod: row.disposal_method,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    signature: (row.release_document_id && signatures.get(row.release_document_id)) || null,
  }))
}

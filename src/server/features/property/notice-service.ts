import { agencyToday } from '../../../domain/formats/agency-time'
import { formatCaseDate } from '../../../domain/formats/dates'
import type { PropertyNoticeInput } from '../../../domain/property/redemption'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, badRequest } from '../../http/app-error'
import { newWriter } from '../../lib/pdf-writer'
import { caseParticulars } from '../../queries/case-particulars'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { inventoryOf } from './records'
import { caseProperty } from './service'

// The notice to the owner of held property (issue 20): the letter, and the record that it was sent
// with its proof. The letter never prints the lot's address: the owner calls to book a pickup.

/** Records that a notice was sent, with its proof (a file of the company's, uploaded first). */
export async function recordNotice(
  deps: AppDeps,
  viewer: Viewer,
  inventoryId: string,
  input: PropertyNoticeInput,
  ip: string | null,
) {
  const inventory = await inventoryOf(deps.db, viewer.companyId, inventoryId)
  if (inventory.no_property)
    throw new AppError('conflict', 'No property was found: there is nothing to give notice of.')
  const today = agencyToday()
  if (input.sentOn > today) throw badRequest('A notice cannot be sent in the future.', 'sentOn')
  const proof = await deps.db
    .selectFrom('stored_files')
    .select('id')
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', input.proofFileId)
    .executeTakeFirst()
  if (!proof) throw badRequest('Upload the proof of notice here first.', 'proofFileId')
  await deps.db.transaction().execute(async (trx) => {
    const notice = await trx
      .insertInto('property_notices')
      .values({
        company_id: viewer.companyId,
        inventory_id: inventory.id,
        sent_on: input.sentOn,
        method: input.method,
        proof_file_id: input.proofFileId,
        recorded_by_profile_id: viewer.profileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeCaseEvent(
      trx,
      viewer.companyId,
      inventory.ids,
      'property_inventory',
      `Property notice sent ${formatCaseDate(input.sentOn)} by ${input.method.toLowerCase()}`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'property.notice_recorded',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `property_notice:${notice.id}`,
      detail: { inventoryId: inventory.id, method: input.method },
      ip,
    })
  })
  return caseProperty(deps, viewer, inventory.target)
}

/** The notice letter as a PDF: the owner, the vehicle, the items held, until when, and whom to call. */
export async function noticeLetter(deps: AppDeps, viewer: Viewer, inventoryId: string) {
  const inventory = await inventoryOf(deps.db, viewer.companyId, inventoryId)
  const [company, particulars, items] = await Promise.all([
    deps.db
      .selectFrom('companies')
      .select(['name', 'property_contact'])
      .where('id', '=', viewer.companyId)
      .executeTakeFirstOrThrow(),
    caseParticulars(deps.db, viewer.companyId, inventory.ids),
    deps.db
      .selectFrom('property_items')
      .select(['description', 'quantity', 'container_label', 'category'])
      .where('inventory_id', '=', inventory.id)
      .where('status', '=', 'held')
      .orderBy('position')
      .execute(),
  ])
  const letter = await newWriter(`Notice of personal property - ${particulars.vehicle}`)
  letter.text(company.name, { size: 16, bold: true })
  letter.gap(12)
  letter.text(formatCaseDate(new Date()))
  letter.gap(12)
  for (const line of [particulars.debtorName ?? 'To the owner of the property', ...particulars.debtorAddress])
    letter.text(line)
  letter.gap(16)
  letter.text('Notice of personal property held', { size: 13, bold: true })
  letter.gap(6)
  letter.paragraph(
    `Personal property was found in the ${particulars.vehicle}${particulars.vin ? ` (VIN ${particulars.vin})` : ''} when it was recovered. We are holding the items below for you until ${formatCaseDate(inventory.hold_until)}.`,
  )
  letter.gap(6)
  letter.table(
    [
      { header: 'Item', width: 330 },
      { header: 'Category', width: 120 },
      { header: 'Qty', width: 66, align: 'right' },
    ],
    items.map((item) => [
      item.container_label ? `${item.description} (container ${item.container_label})` : item.description,
      item.category,
      String(item.quantity),
    ]),
  )
  letter.gap(8)
  letter.paragraph(
    `To collect your property, contact us to book a pickup${company.property_contact ? `: ${company.property_contact}` : ''}. Bring a government-issued photo ID; you will be asked to sign a release.`,
  )
  letter.gap(4)
  letter.paragraph(
    `Property not collected by ${formatCaseDate(inventory.hold_until)} may be disposed of as the law allows.`,
  )
  letter.gap(16)
  letter.text(company.name)
  return { bytes: await letter.doc.save(), fileName: `property-notice-${inventory.id.slice(0, 8)}.pdf` }
}

import { agencyToday } from '../../../domain/formats/agency-time'
import { formatCaseDate } from '../../../domain/formats/dates'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../http/app-error'
import { caseParticulars } from '../../queries/case-particulars'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { createReleaseDocument, requestReleaseSignature, revokeReleaseLinks } from '../compliance/release-signatures'
import { RELEASE_NOT_FOUND } from './release-service'

export type ReleaseSigner = { name: string; email: string | null }

/** The statement the person taking the vehicle signs. */
export function vehicleReleaseStatement(input: {
  signer: string
  company: string
  vehicle: string
  vin: string | null
  on: string
  vendor: string | null
}) {
  const vehicle = `the ${input.vehicle}${input.vin ? `, VIN ${input.vin},` : ''}`
  const purpose = input.vendor ? ` to transport it to ${input.vendor}` : ''
  return [
    `I, ${input.signer}, take ${vehicle} from ${input.company} on ${formatCaseDate(input.on)}${purpose}.`,
    'I have looked the vehicle over and take it in its present condition, as recorded in its condition report.',
  ].join('\n\n')
}

/**
 * Has a release signed: a new release document naming the signer (an earlier unsigned one is
 * replaced and its links stop working), and its link, mailed when an address is given and
 * returned to open on this device.
 */
export async function requestVehicleReleaseSignature(
  deps: AppDeps,
  viewer: Viewer,
  releaseId: string,
  signer: ReleaseSigner,
  ip: string,
) {
  const documentId = await deps.db.transaction().execute(async (trx) => {
    const release = await trx
      .selectFrom('vehicle_releases as r')
      .innerJoin('companies as co', 'co.id', 'r.company_id')
      .leftJoin('vendors as v', 'v.id', 'r.vendor_id')
      .leftJoin('compliance_documents as d', 'd.id', 'r.release_document_id')
      .select([
        'r.id',
        'r.status',
        'r.order_id',
        'r.rdn_case_id',
        'r.release_document_id',
        'd.status as document_status',
      ])
      .select(['co.name as company', 'v.name as vendor'])
      .where('r.company_id', '=', viewer.companyId)
      .where('r.id', '=', releaseId)
      .forUpdate('r')
      .executeTakeFirst()
    if (!release) throw notFound(RELEASE_NOT_FOUND)
    if (release.status !== 'authorized') throw new AppError('conflict', 'This vehicle has already left the lot.')
    if (release.document_status === 'signed') throw new AppError('conflict', 'This release is already signed.')
    const particulars = await caseParticulars(trx, viewer.companyId, {
      orderId: release.order_id,
      rdnCaseId: release.rdn_case_id,
    })
    const body = vehicleReleaseStatement({
      signer: signer.name,
      company: release.company,
      vehicle: particulars.vehicle,
      vin: particulars.vin,
      on: agencyToday(),
      vendor: release.vendor,
    })
    const created = await createReleaseDocument(trx, viewer.companyId, 'Vehicle Release', body)
    await revokeReleaseLinks(trx, release.release_document_id)
    await trx
      .updateTable('vehicle_releases')
      .set({ release_document_id: created })
      .where('id', '=', release.id)
      .execute()
    await writeCaseEvent(
      trx,
      viewer.companyId,
      { orderId: release.order_id, rdnCaseId: release.rdn_case_id },
      'vehicle_release',
      `Release sent to ${signer.name} to sign`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'vehicle_release.signature_requested',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `vehicle_release:${release.id}`,
      detail: { documentId: created, mailed: signer.email !== null },
      ip,
    })
    return created
  })
  const request = await requestReleaseSignature(deps, viewer, documentId, signer, ip)
  return { link: request.link, expiresAt: request.expiresAt }
}

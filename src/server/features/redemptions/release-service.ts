import type { Transaction } from 'kysely'
import {
  RELEASE_KIND_LABELS,
  type ReleaseAuthorization,
  type ReleaseCompletion,
  type ReleaseKind,
  TRANSPORT_VENDOR_TYPES,
} from '../../../domain/redemption/release'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { AppError, badRequest, notFound } from '../../http/app-error'
import { caseParticulars } from '../../queries/case-particulars'
import { CASE_NOT_FOUND, type CaseTarget, recoveredCase } from '../../queries/recovered-case'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { releaseSignatures } from '../compliance/release-signatures'
import { stopCaseStorage } from '../invoices/invoice-moves'
import { requirePaymentForHandOver } from './payment-service'

export const RELEASE_NOT_FOUND = 'Release not found.'
const conflict = (message: string) => new AppError('conflict', message)

async function caseOf(deps: AppDeps, viewer: Viewer, target: CaseTarget) {
  const found = await recoveredCase(deps.db, viewer.companyId, target)
  if (!found) throw notFound(CASE_NOT_FOUND)
  return found
}

function releasesOf(deps: AppDeps, companyId: string, caseKey: string) {
  return deps.db
    .selectFrom('vehicle_releases as r')
    .leftJoin('vendors as v', 'v.id', 'r.vendor_id')
    .select([
      'r.id',
      'r.kind',
      'r.status',
      'r.lender_authorization',
      'r.authorized_at',
      'r.released_to',
      'r.id_type',
      'r.id_last4',
      'r.completed_at',
      'r.release_document_id',
      'v.name as vendor_name',
    ])
    .where('r.company_id', '=', companyId)
    .where('r.case_key', '=', caseKey)
    .orderBy('r.authorized_at', 'desc')
    .execute()
}

/** A case's release and transport authorizations, whether its client must authorize a release, and its debtor. */
export async function caseReleases(deps: AppDeps, viewer: Viewer, target: CaseTarget) {
  const found = await caseOf(deps, viewer, target)
  const [rows, particulars] = await Promise.all([
    releasesOf(deps, viewer.companyId, found.caseKey),
    caseParticulars(deps.db, viewer.companyId, found),
  ])
  const signatures = await releaseSignatures(
    deps.db,
    viewer.companyId,
    rows.flatMap((row) => (row.release_document_id ? [row.release_document_id] : [])),
  )
  return {
    // The debtor is whom a release is most often signed by: the signer's name starts as theirs.
    case: { label: found.label, recovered: found.recovered, debtorName: particulars.debtorName },
    needsLenderAuthorization: found.needsLenderAuthorization,
    releases: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      label: RELEASE_KIND_LABELS[row.kind],
      status: row.status,
      vendorName: row.vendor_name,
      lenderAuthorization: row.lender_authorization,
      authorizedAt: row.authorized_at.toISOString(),
      releasedTo: row.released_to,
      idType: row.id_type,
      idLast4: row.id_last4,
      completedAt: row.completed_at?.toISOString() ?? null,
      signature: (row.release_document_id && signatures.get(row.release_document_id)) || null,
    })),
  }
}

/** The company's auctions and transporters a vehicle can be sent to, for those who may not read all vendors. */
export async function transportVendors(deps: AppDeps, viewer: Viewer) {
  const rows = await deps.db
    .selectFrom('vendors')
    .select(['id', 'name', 'type'])
    .where('company_id', '=', viewer.companyId)
    .where('type', 'in', [...TRANSPORT_VENDOR_TYPES])
    .orderBy('name')
    .orderBy('id')
    .execute()
  return { vendors: rows }
}

/** 'Authorized to Release' or 'Authorized to Transport': once per vehicle, after the lender's word where the client requires it. */
export async function authorizeRelease(
  deps: AppDeps,
  viewer: Viewer,
  target: CaseTarget,
  input: ReleaseAuthorization,
  ip: string | null,
) {
  const found = await caseOf(deps, viewer, target)
  if (!found.recovered) throw conflict('Only a recovered vehicle can be released or transported.')
  if (input.kind === 'release' && found.needsLenderAuthorization && !input.lenderAuthorization)
    throw new AppError(
      'conflict',
      "This client requires the lender's authorization to release: give its reference.",
      'lenderAuthorization',
    )
  if (input.vendorId) {
    const vendor = await deps.db
      .selectFrom('vendors')
      .select('type')
      .where('company_id', '=', viewer.companyId)
      .where('id', '=', input.vendorId)
      .executeTakeFirst()
    if (!vendor || !(TRANSPORT_VENDOR_TYPES as readonly string[]).includes(vendor.type))
      throw badRequest('Choose an auction or transporter of your company.', 'vendorId')
  }
  await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('vehicle_releases')
      .values({
        company_id: viewer.companyId,
        case_key: found.caseKey,
        order_id: found.orderId,
        rdn_case_id: found.rdnCaseId,
        kind: input.kind,
        vendor_id: input.kind === 'transport' ? input.vendorId : null,
        lender_authorization: input.lenderAuthorization,
        authorized_by_profile_id: viewer.profileId,
      })
      .onConflict((conflict) =>
        conflict.columns(['company_id', 'case_key']).where('status', '<>', 'cancelled').doNothing(),
      )
      .returning('id')
      .executeTakeFirst()
    if (!inserted) throw conflict('This vehicle is already authorized to leave the lot.')
    await writeCaseEvent(
      trx,
      viewer.companyId,
      found,
      'vehicle_release',
      RELEASE_KIND_LABELS[input.kind],
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'vehicle_release.authorized',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `vehicle_release:${inserted.id}`,
      detail: { caseKey: found.caseKey, kind: input.kind, vendorId: input.vendorId },
      ip,
    })
  })
  return caseReleases(deps, viewer, target)
}

/**
 * The hand-over, against an ID: exactly one of two at once succeeds (the update only takes a
 * release still authorized); storage stops on the case's draft invoice as the vehicle leaves.
 * A client may hand its vehicles over only once the debtor's payments cover the quote.
 * `onlyKind` keeps a caller to one kind (the transport manager's moves): any other is not found.
 * Returns the case the vehicle left.
 */
export async function handOverVehicle(
  deps: AppDeps,
  viewer: Viewer,
  releaseId: string,
  input: ReleaseCompletion,
  ip: string | null,
  onlyKind?: ReleaseKind,
): Promise<CaseTarget> {
  await requirePaymentForHandOver(deps, viewer, releaseId, onlyKind)
  return deps.db.transaction().execute(async (trx) => {
    const now = new Date()
    await requireSignedRelease(trx, viewer.companyId, releaseId, onlyKind)
    let update = trx
      .updateTable('vehicle_releases')
      .set({
        status: 'completed',
        released_to: input.releasedTo,
        id_type: input.idType,
        id_last4: input.idLast4,
        completed_by_profile_id: viewer.profileId,
        completed_at: now,
      })
      .where('company_id', '=', viewer.companyId)
      .where('id', '=', releaseId)
      .where('status', '=', 'authorized')
    if (onlyKind) update = update.where('kind', '=', onlyKind)
    const done = await update.returning(['case_key', 'order_id', 'rdn_case_id', 'kind']).executeTakeFirst()
    if (!done) {
      const exists = await trx
        .selectFrom('vehicle_releases')
        .select(['status', 'kind'])
        .where('company_id', '=', viewer.companyId)
        .where('id', '=', releaseId)
        .executeTakeFirst()
      if (!exists || (onlyKind && exists.kind !== onlyKind)) throw notFound(RELEASE_NOT_FOUND)
      throw conflict('This vehicle has already left the lot.')
    }
    await stopCaseStorage(trx, viewer.companyId, done.case_key, now, done.kind)
    const case_ = { orderId: done.order_id, rdnCaseId: done.rdn_case_id }
    const text = `${done.kind === 'release' ? 'Released' : 'Transported'}: handed to ${input.releasedTo} (${input.idType} ending ${input.idLast4})`
    await writeCaseEvent(trx, viewer.companyId, case_, 'vehicle_release', text, viewer.profileId)
    await recordAudit(trx, {
      action: 'vehicle_release.completed',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `vehicle_release:${releaseId}`,
      detail: { kind: done.kind, idType: input.idType },
      ip,
    })
    if (done.order_id) return { orderId: done.order_id }
    const rdn = await trx
      .selectFrom('rdn_cases')
      .select('case_id')
      .where('id', '=', done.rdn_case_id as string)
      .executeTakeFirstOrThrow()
    return { caseId: rdn.case_id }
  })
}

/** The hand-over of a release or transport from the case's Redemption card: the case's releases after it. */
export async function completeRelease(
  deps: AppDeps,
  viewer: Viewer,
  releaseId: string,
  input: ReleaseCompletion,
  ip: string | null,
) {
  return caseReleases(deps, viewer, await handOverVehicle(deps, viewer, releaseId, input, ip))
}

export const RELEASE_NOT_SIGNED = 'The release must be signed before the vehicle is handed over.'

/** A vehicle released (not transported) goes only against a signed release; another kind than asked is not found. */
async function requireSignedRelease(
  trx: Transaction<DB>,
  companyId: string,
  releaseId: string,
  onlyKind?: ReleaseKind,
) {
  const release = await trx
    .selectFrom('vehicle_releases as r')
    .leftJoin('compliance_documents as d', 'd.id', 'r.release_document_id')
    .select(['r.kind', 'r.status', 'd.status as document_status'])
    .where('r.company_id', '=', companyId)
    .where('r.id', '=', releaseId)
    .executeTakeFirst()
  if (release && onlyKind && release.kind !== onlyKind) throw notFound(RELEASE_NOT_FOUND)
  if (release?.kind === 'release' && release.status === 'authorized' && release.document_status !== 'signed')
    throw new AppError('conflict', RELEASE_NOT_SIGNED)
}

import { EVIDENCE_MAX_BYTES } from '../../../domain/billing/fee-request-status'
import { cleanFileName } from '../../../domain/files/file-rules'
import type { AppDeps, Viewer } from '../../app-env'
import { checkUpload, withoutMetadata } from '../../file-store/upload-check'
import { notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { findFeeRequest, findFile, insertFile, listFiles } from './fee-request-repository'
import { FEE_REQUEST_NOT_FOUND } from './fee-request-service'

/**
 * Evidence for a fee request: a photo or PDF of at most EVIDENCE_MAX_BYTES, through the one upload
 * check (its type from its bytes, whatever the client claims; a photo stored without metadata).
 */
export async function addEvidence(
  { db }: AppDeps,
  viewer: Viewer,
  requestId: string,
  file: { fileName: string; data: Uint8Array },
  ip: string,
) {
  const request = await findFeeRequest(db, viewer.companyId, requestId)
  if (!request) throw notFound(FEE_REQUEST_NOT_FOUND)
  const checked = await checkUpload(file.data, { field: 'file', maxBytes: EVIDENCE_MAX_BYTES })
  const stored = await insertFile(db, {
    companyId: viewer.companyId,
    requestId,
    fileName: cleanFileName(file.fileName, checked.format),
    contentType: checked.contentType,
    data: checked.bytes,
    takenAt: checked.takenAt,
    latitude: checked.latitude,
    longitude: checked.longitude,
    profileId: viewer.profileId,
  })
  await recordAudit(db, {
    action: 'fee_request.evidence_added',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `fee_request:${requestId}`,
    detail: { fileName: stored.file_name, bytes: stored.size_bytes },
    ip,
    caseKey: request.case_key,
  })
  return stored
}

export async function evidenceFiles({ db }: AppDeps, viewer: Viewer, requestId: string) {
  if (!(await findFeeRequest(db, viewer.companyId, requestId))) throw notFound(FEE_REQUEST_NOT_FOUND)
  return listFiles(db, requestId)
}

/** An evidence file's bytes (a photo stored before uploads were cleaned: without its metadata), audited. */
export async function evidenceFile(
  { db }: AppDeps,
  viewer: Viewer,
  requestId: string,
  fileId: string,
  ip: string | null,
) {
  const request = await findFeeRequest(db, viewer.companyId, requestId)
  const file = request && (await findFile(db, viewer.companyId, requestId, fileId))
  if (!request || !file) throw notFound('No such file.')
  const isImage = file.content_type.startsWith('image/')
  const bytes = isImage && !file.metadata_removed ? await withoutMetadata(file.data) : new Uint8Array(file.data)
  await recordAudit(db, {
    action: 'file.downloaded',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `fee_request_file:${fileId}`,
    detail: { fileName: file.file_name, feeRequestId: requestId },
    ip,
    caseKey: request.case_key,
  })
  return { bytes, contentType: file.content_type, fileName: file.file_name }
}

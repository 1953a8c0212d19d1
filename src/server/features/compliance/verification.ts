// A signed request's record, recomputed to detect later changes.
import { LEGAL_NOTICE } from '../../../domain/compliance/signature'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../http/app-error'
import { type SignedRecord, signedRecordHash } from './record-hash'

export async function storedSignedRecord(db: AppDeps['db'], companyId: string, requestId: string) {
  const row = await db
    .selectFrom('document_signature_requests as request')
    .innerJoin('compliance_documents as document', 'document.id', 'request.compliance_document_id')
    .innerJoin('compliance_document_types as type', 'type.id', 'document.document_type_id')
    .selectAll('request')
    .select([
      'type.name as document_type',
      'type.category as document_category',
      'document.effective_date',
      'document.expiration_date',
      'document.body as document_body',
    ])
    .where('request.company_id', '=', companyId)
    .where('request.id', '=', requestId)
    .executeTakeFirst()
  if (!row) return undefined
  const record: SignedRecord = {
    requestId: row.id,
    documentId: row.compliance_document_id,
    companyId: row.company_id,
    recipientEmail: row.recipient_email,
    recipientName: row.recipient_name,
    expiresAt: new Date(row.expires_at).toISOString(),
    documentType: row.document_type,
    documentCategory: row.document_category,
    effectiveDate: row.effective_date,
    expirationDate: row.expiration_date,
    documentBody: row.document_body,
    legalNotice: LEGAL_NOTICE,
    signerName: row.signer_name ?? '',
    signerNotes: row.signer_notes,
    signatureImage: row.signature_image_url ?? '',
    signedAt: row.signed_at ? new Date(row.signed_at).toISOString() : '',
    signedIp: row.signed_ip,
    signedUserAgent: row.signed_user_agent,
  }
  return { record, status: row.status, storedHash: row.record_hash }
}

/** The audit row written when the request was signed (newest first): one range of migration 048's index, never a scan of the log. */
export function signedAuditQuery(db: AppDeps['db'], companyId: string, requestId: string) {
  return db
    .selectFrom('audit_log')
    .select('detail')
    .where('company_id', '=', companyId)
    .where('action', '=', 'signature.signed')
    .where('target', '=', `signature_request:${requestId}`)
    .orderBy('created_at', 'desc')
    .limit(1)
}

/**
 * Recomputes a signed request's record hash: intact when it matches both the hash stored on the
 * request and the copy in the audit row written at signing.
 */
export async function verifySignedRequest({ db }: AppDeps, viewer: Viewer, requestId: string) {
  const found = await storedSignedRecord(db, viewer.companyId, requestId)
  if (!found) throw notFound('No such signature request.')
  if (found.status !== 'signed' || !found.storedHash) return { signed: false, intact: false }
  const audit = await signedAuditQuery(db, viewer.companyId, requestId).executeTakeFirst()
  const audited = (audit?.detail as { recordHash?: string } | undefined)?.recordHash
  return { signed: true, intact: signedRecordHash(found.record) === found.storedHash && audited === found.storedHash }
}

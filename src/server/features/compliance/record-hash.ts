import { createHash } from 'node:crypto'

/** The fields of a signed request that its record hash covers, in a fixed order. */
export type SignedRecord = {
  requestId: string
  documentId: string
  companyId: string
  recipientEmail: string | null
  signerName: string
  signerNotes: string | null
  signatureImage: string
  signedAt: string
  signedIp: string | null
  signedUserAgent: string | null
}

/**
 * SHA-256 of the signed record as canonical JSON (keys in a fixed order, the time in ISO form):
 * recomputed later, a different value shows the record was changed after signing.
 */
export function signedRecordHash(record: SignedRecord): string {
  const canonical = JSON.stringify([
    record.requestId,
    record.documentId,
    record.companyId,
    record.recipientEmail,
    record.signerName,
    record.signerNotes,
    record.signatureImage,
    new Date(record.signedAt).toISOString(),
    record.signedIp,
    record.signedUserAgent,
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

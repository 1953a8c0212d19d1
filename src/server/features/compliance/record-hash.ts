import { createHash } from 'node:crypto'

/** The fields of a signed request that its record hash covers, in a fixed order. */
export type SignedRecord = {
  requestId: string
  documentId: string
  companyId: string
  recipientEmail: string | null
  recipientName: string | null
  expiresAt: string
  /** What the signer was shown: the document's type, category and dates, and the legal notice. */
  documentType: string
  documentCategory: string | null
  effectiveDate: string | null
  expirationDate: string | null
  /** The statement read and signed (a release's); absent for documents without one. */
  documentBody?: string | null
  legalNotice: string
  signerName: string
  signerNotes: string | null
  signatureImage: string
  signedAt: string
  signedIp: string | null
  signedUserAgent: string | null
}

/**
 * SHA-256 of the signed record as canonical JSON (fields in a fixed order, times in ISO form),
 * covering what the signer was shown as well as what they gave: recomputed later, a different
 * value shows the record or the document was changed after signing. The audit row keeps a copy.
 */
export function signedRecordHash(record: SignedRecord): string {
  const fields = [
    record.requestId,
    record.documentId,
    record.companyId,
    record.recipientEmail,
    record.recipientName,
    new Date(record.expiresAt).toISOString(),
    record.documentType,
    record.documentCategory,
    record.effectiveDate,
    record.expirationDate,
    record.legalNotice,
    record.signerName,
    record.signerNotes,
    record.signatureImage,
    new Date(record.signedAt).toISOString(),
    record.signedIp,
    record.signedUserAgent,
  ]
  // Appended only when there is one, so that records signed before bodies existed keep their hash.
  if (record.documentBody) fields.push(record.documentBody)
  const canonical = JSON.stringify(fields)
  return createHash('sha256').update(canonical).digest('hex')
}

// Releases signed through the compliance signature flow (issue 20): a document whose body is the
// statement the person taking a vehicle or property reads, signed through a token link, by mail
// or on the spot on a staff member's device.
import { sql } from 'kysely'
import type { AppDeps, Viewer } from '../../app-env'
import type { Queryable } from '../../db/queryable'
import { createSignatureRequest } from './signature-requests'

export const RELEASE_DOCUMENT_CATEGORY = 'Release'
export type ReleaseDocumentType = 'Vehicle Release' | 'Property Release'
/** How long a release's signature link works: the pickup is usually the same day. */
export const RELEASE_LINK_DAYS = 3

/** The company's document type for a kind of release, made the first time it is needed. */
async function releaseDocumentType(db: Queryable, companyId: string, name: ReleaseDocumentType) {
  await db
    .insertInto('compliance_document_types')
    .values({ company_id: companyId, name, category: RELEASE_DOCUMENT_CATEGORY })
    .onConflict((conflict) => conflict.doNothing())
    .execute()
  const type = await db
    .selectFrom('compliance_document_types')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .orderBy('id')
    .executeTakeFirstOrThrow()
  return type.id
}

/** A new release document holding the statement to be signed. */
export async function createReleaseDocument(db: Queryable, companyId: string, type: ReleaseDocumentType, body: string) {
  const typeId = await releaseDocumentType(db, companyId, type)
  const document = await db
    .insertInto('compliance_documents')
    .values({ company_id: companyId, document_type_id: typeId, body })
    .returning('id')
    .executeTakeFirstOrThrow()
  return document.id
}

export type ReleaseSignature = {
  documentId: string
  status: 'waiting' | 'signed'
  signerName: string | null
  signedAt: string | null
}

/** Where the signatures of some release documents stand. */
export async function releaseSignatures(db: Queryable, companyId: string, documentIds: string[]) {
  const ids = [...new Set(documentIds)]
  if (!ids.length) return new Map<string, ReleaseSignature>()
  const rows = await db
    .selectFrom('compliance_documents as document')
    .leftJoin('document_signature_requests as request', (join) =>
      join.onRef('request.compliance_document_id', '=', 'document.id').on('request.status', '=', 'signed'),
    )
    .select(['document.id', 'document.status', 'request.signer_name', 'request.signed_at'])
    .where('document.company_id', '=', companyId)
    .where('document.id', 'in', ids)
    .execute()
  return new Map(
    rows.map((row) => [
      row.id,
      {
        documentId: row.id,
        status: row.status === 'signed' ? 'signed' : 'waiting',
        signerName: row.signer_name,
        signedAt: row.signed_at ? new Date(row.signed_at).toISOString() : null,
      } satisfies ReleaseSignature,
    ]),
  )
}

/**
 * A signature link for a release document: mailed when an address is given, and always returned
 * so that the person can sign on the spot on the staff member's device.
 */
export function requestReleaseSignature(
  deps: AppDeps,
  viewer: Viewer,
  documentId: string,
  recipient: { name: string; email: string | null },
  ip: string,
) {
  return createSignatureRequest(
    deps,
    viewer,
    documentId,
    { recipientName: recipient.name, recipientEmail: recipient.email, expiresInDays: RELEASE_LINK_DAYS },
    ip,
  )
}

/** A release document's unsigned links stop working (it was replaced or the release cancelled). */
export async function revokeReleaseLinks(db: Queryable, documentId: string | null) {
  if (!documentId) return
  await db
    .updateTable('document_signature_requests')
    .set({ status: 'revoked', revoked_at: new Date() })
    .where('compliance_document_id', '=', documentId)
    .where('status', '=', 'pending')
    .execute()
}

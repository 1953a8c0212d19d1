import { type Kysely, sql, type Transaction } from 'kysely'
import { LEGAL_NOTICE, SIGNATURE_TEXTS, signatureImageProblem } from '../../../domain/compliance/signature'
import type { DB } from '../../db/schema'
import { AppError, badRequest, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { insertNotifications } from '../../records/notify'
import { signedRecordHash } from './record-hash'
import { hashSignatureToken, SIGNATURE_TOKEN_SHAPE } from './tokens'

type Db = Kysely<DB> | Transaction<DB>

async function findRequestByToken(db: Db, token: string, lock = false) {
  if (!SIGNATURE_TOKEN_SHAPE.test(token)) return undefined
  let query = db
    .selectFrom('document_signature_requests as request')
    .innerJoin('compliance_documents as document', 'document.id', 'request.compliance_document_id')
    .innerJoin('compliance_document_types as type', 'type.id', 'document.document_type_id')
    .innerJoin('companies as company', 'company.id', 'request.company_id')
    .select([
      'request.id',
      'request.company_id',
      'request.compliance_document_id',
      'request.status',
      'request.expires_at',
      'request.recipient_name',
      'request.recipient_email',
      'request.signed_at',
      'request.signer_name',
      'request.revoked_at',
      'document.status as document_status',
      'document.effective_date',
      'document.expiration_date',
      'document.body as document_body',
      'type.name as document_type',
      'type.category as document_category',
      'company.name as company_name',
    ])
    .where('request.signature_token_hash', '=', hashSignatureToken(token))
  if (lock) query = query.forUpdate(['request', 'document'])
  return query.executeTakeFirst()
}
type FoundRequest = NonNullable<Awaited<ReturnType<typeof findRequestByToken>>>

/** SPEC.md's validate_signature_token: a pending request, not revoked, not past expires_at. */
function tokenState(request: FoundRequest | undefined, now = new Date()): 'valid' | 'signed' | 'expired' | 'invalid' {
  if (!request || request.revoked_at || request.status === 'revoked') return 'invalid'
  if (request.status === 'signed') return 'signed'
  // The document was signed through another request: this one has nothing left to sign.
  if (request.document_status === 'signed') return 'invalid'
  if (new Date(request.expires_at).getTime() <= now.getTime()) return 'expired'
  return request.status === 'pending' ? 'valid' : 'invalid'
}

/**
 * What the public page shows for a token. Opening the link never changes anything (a mail
 * scanner's GET must not use it up); only the submit does.
 */
export async function loadSignatureRequest(db: Kysely<DB>, token: string) {
  const request = await findRequestByToken(db, token)
  const state = tokenState(request)
  if (!request || state === 'invalid') throw notFound(SIGNATURE_TEXTS.invalid)
  if (state === 'expired') throw new AppError('gone', SIGNATURE_TEXTS.expired)
  const document = {
    type: request.document_type,
    category: request.document_category,
    effectiveDate: request.effective_date,
    expirationDate: request.expiration_date,
    company: request.company_name,
    body: request.document_body,
  }
  if (state === 'signed') {
    return { state, document, signerName: request.signer_name, signedAt: request.signed_at }
  }
  return { state, document, recipientName: request.recipient_name, expiresAt: request.expires_at }
}

export type SignatureSubmission = { signerName: string; notes: string | null; signatureImage: string }

const decodeBase64 = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'))

/**
 * Signs: in one transaction the request (locked) is checked again, marked signed with the signer's
 * address and browser, its document signed with SPEC.md's signature_data, the record's SHA-256
 * stored, and an audit row written. A token that stopped being valid changes nothing.
 */
export async function submitSignature(
  db: Kysely<DB>,
  token: string,
  submission: SignatureSubmission,
  client: { ip: string | null; userAgent: string | null },
) {
  const signerName = submission.signerName.trim()
  if (!signerName) throw badRequest(SIGNATURE_TEXTS.missingName, 'signerName')
  const imageProblem = signatureImageProblem(submission.signatureImage, decodeBase64)
  if (imageProblem) throw badRequest(imageProblem, 'signatureImage')
  const notes = submission.notes?.trim() || null

  return db.transaction().execute(async (trx) => {
    const request = await findRequestByToken(trx, token, true)
    // One clock: the database's, for the expiry check and for signed_at alike.
    const signedAt = new Date((await sql<{ now: Date }>`select now() as now`.execute(trx)).rows[0].now)
    if (!request || tokenState(request, signedAt) !== 'valid') throw new AppError('conflict', SIGNATURE_TEXTS.security)
    const recordHash = signedRecordHash({
      requestId: request.id,
      documentId: request.compliance_document_id,
      companyId: request.company_id,
      recipientEmail: request.recipient_email,
      recipientName: request.recipient_name,
      expiresAt: new Date(request.expires_at).toISOString(),
      documentType: request.document_type,
      documentCategory: request.document_category,
      effectiveDate: request.effective_date,
      expirationDate: request.expiration_date,
      documentBody: request.document_body,
      legalNotice: LEGAL_NOTICE,
      signerName,
      signerNotes: notes,
      signatureImage: submission.signatureImage,
      signedAt: signedAt.toISOString(),
      signedIp: client.ip,
      signedUserAgent: client.userAgent,
    })
    const updated = await trx
      .updateTable('document_signature_requests')
      .set({
        status: 'signed',
        signed_at: signedAt,
        signature_image_url: submission.signatureImage,
        signed_ip: client.ip,
        signed_user_agent: client.userAgent,
        signer_name: signerName,
        signer_notes: notes,
        record_hash: recordHash,
      })
      .where('id', '=', request.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    const signedDocument = await trx
      .updateTable('compliance_documents')
      .set({
        status: 'signed',
        signed_date: signedAt,
        updated_at: signedAt,
        signature_data: JSON.stringify({
          signer_name: signerName,
          signature_image_url: submission.signatureImage,
          notes,
          signed_via: 'email_link',
          signed_at: signedAt.toISOString(),
        }),
      })
      .where('id', '=', request.compliance_document_id)
      .where('status', '!=', 'signed')
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1 || Number(signedDocument.numUpdatedRows) !== 1) {
      throw new AppError('conflict', SIGNATURE_TEXTS.security)
    }
    // The document is signed: any other link to it stops working.
    await trx
      .updateTable('document_signature_requests')
      .set({ status: 'revoked', revoked_at: signedAt })
      .where('compliance_document_id', '=', request.compliance_document_id)
      .where('status', '=', 'pending')
      .execute()
    await notifyComplianceManagers(trx, request, signerName)
    await recordAudit(trx, {
      action: 'signature.signed',
      companyId: request.company_id,
      target: `signature_request:${request.id}`,
      detail: { documentId: request.compliance_document_id, recordHash },
      ip: client.ip ?? undefined,
    })
    return { signedAt }
  })
}

/** A signed document tells the company's compliance managers (issue 16), once per request. */
async function notifyComplianceManagers(trx: Transaction<DB>, request: FoundRequest, signerName: string) {
  const managers = await trx
    .selectFrom('profiles')
    .select('id')
    .where('company_id', '=', request.company_id)
    .where('role', '=', 'compliance_manager')
    .where('active', '=', true)
    .execute()
  await insertNotifications(
    trx,
    managers.map((manager) => ({
      company_id: request.company_id,
      profile_id: manager.id,
      kind: 'signature',
      href: '/dashboard/compliance-manager',
      message: `${signerName} signed ${request.document_type}.`,
      dedupe_key: `signature:${request.id}`,
    })),
  )
}

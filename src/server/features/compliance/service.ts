import { sql } from 'kysely'
import { EXPIRING_SOON_DAYS, LEGAL_NOTICE } from '../../../domain/compliance/signature'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../lib/app-error'
import { recordAudit } from '../../lib/audit'
import { type SignedRecord, signedRecordHash } from './record-hash'
import { newSignatureToken, signatureLink } from './tokens'

export async function listDocumentTypes({ db }: AppDeps, viewer: Viewer) {
  return db
    .selectFrom('compliance_document_types')
    .select(['id', 'name', 'category'])
    .where('company_id', '=', viewer.companyId)
    .orderBy('name')
    .execute()
}

export async function createDocumentType(
  { db }: AppDeps,
  viewer: Viewer,
  input: { name: string; category: string | null },
  ip: string,
) {
  const existing = await db
    .selectFrom('compliance_document_types')
    .select('id')
    .where('company_id', '=', viewer.companyId)
    .where(sql`lower(name)`, '=', input.name.toLowerCase())
    .executeTakeFirst()
  if (existing) throw new AppError('conflict', 'A document type with this name already exists.', 'name')
  const type = await db
    .insertInto('compliance_document_types')
    .values({ company_id: viewer.companyId, name: input.name, category: input.category })
    .returning(['id', 'name', 'category'])
    .executeTakeFirstOrThrow()
  await recordAudit(db, {
    action: 'compliance.type_created',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `document_type:${type.id}`,
    ip,
  })
  return type
}

/** The company's documents with their type and signature requests; filters by status or expiring soon. */
export async function listDocuments(
  { db }: AppDeps,
  viewer: Viewer,
  filter: { status?: string; expiringSoon?: boolean },
) {
  let query = db
    .selectFrom('compliance_documents as document')
    .innerJoin('compliance_document_types as type', 'type.id', 'document.document_type_id')
    .select([
      'document.id',
      'document.status',
      'document.effective_date',
      'document.expiration_date',
      'document.notes',
      'document.signed_date',
      'document.created_at',
      'type.name as type_name',
      'type.category as type_category',
    ])
    .where('document.company_id', '=', viewer.companyId)
    .orderBy('document.expiration_date', (ob) => ob.asc().nullsLast())
    .orderBy('document.created_at', 'desc')
  if (filter.status) query = query.where('document.status', '=', filter.status)
  if (filter.expiringSoon) {
    query = query
      .where('document.expiration_date', 'is not', null)
      .where(sql<boolean>`document.expiration_date <= current_date + ${EXPIRING_SOON_DAYS}::int`)
      .where(sql<boolean>`document.expiration_date >= current_date`)
  }
  const documents = await query.limit(500).execute()
  const requests = documents.length
    ? await db
        .selectFrom('document_signature_requests')
        .select([
          'id',
          'compliance_document_id',
          'status',
          'recipient_name',
          'recipient_email',
          'expires_at',
          'signed_at',
          'signer_name',
          'signer_notes',
          'signature_image_url',
          'revoked_at',
          'created_at',
        ])
        .where('company_id', '=', viewer.companyId)
        .where(
          'compliance_document_id',
          'in',
          documents.map((document) => document.id),
        )
        .orderBy('created_at', 'desc')
        .execute()
    : []
  return documents.map((document) => ({
    ...document,
    requests: requests.filter((request) => request.compliance_document_id === document.id),
  }))
}

export async function createDocument(
  { db }: AppDeps,
  viewer: Viewer,
  input: { documentTypeId: string; effectiveDate: string | null; expirationDate: string | null; notes: string | null },
  ip: string,
) {
  const type = await db
    .selectFrom('compliance_document_types')
    .select('id')
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', input.documentTypeId)
    .executeTakeFirst()
  if (!type) throw notFound('No such document type.')
  const document = await db
    .insertInto('compliance_documents')
    .values({
      company_id: viewer.companyId,
      document_type_id: type.id,
      effective_date: input.effectiveDate,
      expiration_date: input.expirationDate,
      notes: input.notes,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow()
  await recordAudit(db, {
    action: 'compliance.document_created',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `document:${document.id}`,
    ip,
  })
  return document
}

/**
 * Creates a signature request and e-mails its link (the outbox without SMTP). The link is shown
 * once, to copy: only the token's hash is kept.
 */
export async function createSignatureRequest(
  deps: AppDeps,
  viewer: Viewer,
  documentId: string,
  input: { recipientName: string; recipientEmail: string; expiresInDays: number },
  ip: string,
) {
  const { db } = deps
  const document = await db
    .selectFrom('compliance_documents as document')
    .innerJoin('compliance_document_types as type', 'type.id', 'document.document_type_id')
    .innerJoin('companies as company', 'company.id', 'document.company_id')
    .select(['document.id', 'document.status', 'type.name as type_name', 'company.name as company_name'])
    .where('document.company_id', '=', viewer.companyId)
    .where('document.id', '=', documentId)
    .executeTakeFirst()
  if (!document) throw notFound('No such document.')
  if (document.status === 'signed') throw new AppError('conflict', 'This document is already signed.')
  const { token, hash } = newSignatureToken()
  const request = await db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('document_signature_requests')
      .values({
        company_id: viewer.companyId,
        compliance_document_id: document.id,
        signature_token_hash: hash,
        expires_at: new Date(Date.now() + input.expiresInDays * 86_400_000),
        recipient_name: input.recipientName,
        recipient_email: input.recipientEmail,
        created_by: viewer.userId,
      })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('compliance_documents')
      .set({ status: 'sent', updated_at: new Date() })
      .where('id', '=', document.id)
      .where('status', 'in', ['pending', 'sent'])
      .execute()
    await recordAudit(trx, {
      action: 'signature.requested',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `signature_request:${created.id}`,
      detail: { documentId: document.id },
      ip,
    })
    return created
  })
  const link = signatureLink(deps.config.baseUrl, token)
  await deps.mailer.send({
    to: input.recipientEmail,
    companyId: viewer.companyId,
    subject: `Please sign: ${document.type_name} (${document.company_name})`,
    text: `Hello ${input.recipientName},\n\n${document.company_name} asks you to sign "${document.type_name}".\n\nOpen this link to read and sign it (it works until ${request.expires_at.toUTCString()}, once):\n${link}\n`,
    link,
  })
  return { id: request.id, expiresAt: request.expires_at, link }
}

export async function revokeSignatureRequest({ db }: AppDeps, viewer: Viewer, requestId: string, ip: string) {
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('document_signature_requests')
      .set({ status: 'revoked', revoked_at: new Date() })
      .where('company_id', '=', viewer.companyId)
      .where('id', '=', requestId)
      .where('status', '=', 'pending')
      .returning(['id', 'compliance_document_id'])
      .executeTakeFirst()
    if (!revoked) {
      const exists = await trx
        .selectFrom('document_signature_requests')
        .select('status')
        .where('company_id', '=', viewer.companyId)
        .where('id', '=', requestId)
        .executeTakeFirst()
      if (!exists) throw notFound('No such signature request.')
      throw new AppError('conflict', 'Only an unsigned request can be revoked.')
    }
    // With no other live request left, the document waits to be sent again.
    const live = await trx
      .selectFrom('document_signature_requests')
      .select('id')
      .where('compliance_document_id', '=', revoked.compliance_document_id)
      .where('status', '=', 'pending')
      .where('expires_at', '>', new Date())
      .executeTakeFirst()
    if (!live) {
      await trx
        .updateTable('compliance_documents')
        .set({ status: 'pending', updated_at: new Date() })
        .where('id', '=', revoked.compliance_document_id)
        .where('status', '=', 'sent')
        .execute()
    }
    await recordAudit(trx, {
      action: 'signature.revoked',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `signature_request:${revoked.id}`,
      ip,
    })
    return { id: revoked.id }
  })
}

/** A signed request's record as stored now, in the shape its hash was computed over. */
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

/**
 * Recomputes a signed request's record hash: intact when it matches both the hash stored on the
 * request and the copy in the audit row written at signing.
 */
export async function verifySignedRequest({ db }: AppDeps, viewer: Viewer, requestId: string) {
  const found = await storedSignedRecord(db, viewer.companyId, requestId)
  if (!found) throw notFound('No such signature request.')
  if (found.status !== 'signed' || !found.storedHash) return { signed: false, intact: false }
  const audit = await db
    .selectFrom('audit_log')
    .select('detail')
    .where('company_id', '=', viewer.companyId)
    .where('action', '=', 'signature.signed')
    .where('target', '=', `signature_request:${requestId}`)
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  const audited = (audit?.detail as { recordHash?: string } | undefined)?.recordHash
  return { signed: true, intact: signedRecordHash(found.record) === found.storedHash && audited === found.storedHash }
}

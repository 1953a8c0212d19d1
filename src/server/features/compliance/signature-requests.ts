// Signature requests: created (and mailed), revoked.
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { newSignatureToken, signatureLink } from './tokens'

export async function createSignatureRequest(
  deps: AppDeps,
  viewer: Viewer,
  documentId: string,
  input: { recipientName: string; recipientEmail: string | null; expiresInDays: number },
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
  // Without an address the link is only shown, to open on this device or pass on by hand.
  if (!input.recipientEmail) return { id: request.id, expiresAt: request.expires_at, link }
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

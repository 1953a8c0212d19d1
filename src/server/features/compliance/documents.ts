// Compliance document types and documents.
import { sql } from 'kysely'
import { EXPIRING_SOON_DAYS } from '../../../domain/compliance/signature'
import { agencyToday } from '../../../domain/formats/agency-time'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'

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
    // Expiring from the agency's today, not the database's (UTC in the agency's evenings).
    const today = agencyToday()
    query = query
      .where('document.expiration_date', 'is not', null)
      .where(sql<boolean>`document.expiration_date <= ${today}::date + ${EXPIRING_SOON_DAYS}::int`)
      .where(sql<boolean>`document.expiration_date >= ${today}::date`)
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

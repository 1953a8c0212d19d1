import type { Insertable, Kysely } from 'kysely'
import type { DB, DocumentSignatureRequestsTable } from '../db/schema'
import { type SignedRecord, signedRecordHash } from '../features/compliance/record-hash'
import { newSignatureToken, signatureLink } from '../features/compliance/tokens'
import { storedSignedRecord } from '../features/compliance/verification'
import { recordAudit } from '../records/audit'
import { demoSignaturePng } from './signature-image'

const DEMO_SIGNATURE = demoSignaturePng()
const LIVE_DOCUMENT_NOTES = 'Demo: open the printed link to sign this one.'

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000)
const isoDay = (offset: number) => day(offset).toISOString().slice(0, 10)

/** Document types and documents in every state: pending, sent, signed, expired link, revoked, expiring soon. */
export async function insertComplianceDemo(db: Kysely<DB>, companyId: string) {
  const types = await db
    .insertInto('compliance_document_types')
    .values([
      { company_id: companyId, name: 'Repossession Agent Agreement', category: 'Contracts' },
      { company_id: companyId, name: 'Certificate of Insurance', category: 'Insurance' },
      { company_id: companyId, name: 'Storage Lot License', category: 'Licenses' },
      { company_id: companyId, name: 'Privacy Policy Acknowledgement', category: 'Policies' },
    ])
    .returning(['id', 'name'])
    .execute()
  const typeId = (name: string) => types.find((type) => type.name === name)?.id as string
  const document = async (type: string, status: string, expiresIn: number, notes: string) =>
    (
      await db
        .insertInto('compliance_documents')
        .values({
          company_id: companyId,
          document_type_id: typeId(type),
          status,
          effective_date: isoDay(-200),
          expiration_date: isoDay(expiresIn),
          notes,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const request = (documentId: string, values: Partial<Insertable<DocumentSignatureRequestsTable>>) =>
    db
      .insertInto('document_signature_requests')
      .values({
        company_id: companyId,
        compliance_document_id: documentId,
        signature_token_hash: newSignatureToken().hash,
        expires_at: day(7),
        recipient_name: 'Jordan Reyes',
        recipient_email: 'jordan.reyes@example.com',
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow()

  await document('Certificate of Insurance', 'pending', 300, 'Awaiting the new policy from the carrier.')
  await document('Storage Lot License', 'pending', 12, 'Renewal due this month.')
  await document('Privacy Policy Acknowledgement', 'pending', 365, LIVE_DOCUMENT_NOTES)

  const expired = await document('Repossession Agent Agreement', 'sent', 180, 'Sent to a new agent; the link lapsed.')
  await request(expired, {
    expires_at: day(-2),
    recipient_name: 'Casey Morgan',
    recipient_email: 'casey.morgan@example.com',
  })

  const revoked = await document('Certificate of Insurance', 'pending', 90, 'Sent to the wrong address, revoked.')
  await request(revoked, {
    status: 'revoked',
    revoked_at: day(-1),
    recipient_name: 'Alex Kim',
    recipient_email: 'alex.kim@example.com',
  })

  const signed = await document('Repossession Agent Agreement', 'signed', 330, 'Signed by the Mobile agent.')
  const signedAt = day(-5)
  const signedRow = await request(signed, { status: 'signed', signed_at: signedAt, signer_name: 'Jordan Reyes' })
  const client = { ip: '198.51.100.23', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' }
  await db
    .updateTable('document_signature_requests')
    .set({
      signature_image_url: DEMO_SIGNATURE,
      signed_ip: client.ip,
      signed_user_agent: client.userAgent,
      signer_notes: 'Read on my phone.',
    })
    .where('id', '=', signedRow.id)
    .execute()
  const stored = await storedSignedRecord(db, companyId, signedRow.id)
  const recordHash = signedRecordHash(stored?.record as SignedRecord)
  await db
    .updateTable('document_signature_requests')
    .set({ record_hash: recordHash })
    .where('id', '=', signedRow.id)
    .execute()
  await recordAudit(db, {
    action: 'signature.signed',
    companyId,
    target: `signature_request:${signedRow.id}`,
    detail: { documentId: signed, recordHash },
    ip: client.ip,
  })
  await db
    .updateTable('compliance_documents')
    .set({
      signed_date: signedAt,
      signature_data: JSON.stringify({
        signer_name: 'Jordan Reyes',
        signature_image_url: DEMO_SIGNATURE,
        notes: 'Read on my phone.',
        signed_via: 'email_link',
        signed_at: signedAt.toISOString(),
      }),
    })
    .where('id', '=', signed)
    .execute()
}

/**
 * A fresh live link for the demo's unsigned privacy acknowledgement, made at each start (only a
 * token's hash is stored, so an old link cannot be printed again). Null once it has been signed.
 */
export async function createDemoSignatureLink(db: Kysely<DB>, companyId: string, baseUrl: string) {
  const document = await db
    .selectFrom('compliance_documents')
    .select('id')
    .where('company_id', '=', companyId)
    .where('notes', '=', LIVE_DOCUMENT_NOTES)
    .where('status', '!=', 'signed')
    .executeTakeFirst()
  if (!document) return null
  const { token, hash } = newSignatureToken()
  await db
    .insertInto('document_signature_requests')
    .values({
      company_id: companyId,
      compliance_document_id: document.id,
      signature_token_hash: hash,
      expires_at: day(7),
      recipient_name: 'Jordan Reyes',
      recipient_email: 'jordan.reyes@example.com',
    })
    .execute()
  await db.updateTable('compliance_documents').set({ status: 'sent' }).where('id', '=', document.id).execute()
  return signatureLink(baseUrl, token)
}

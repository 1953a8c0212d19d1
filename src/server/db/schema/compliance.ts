import type { Generated } from 'kysely'
import type { CreatedAt, DateText, Defaulted, Json, Text, Timestamp } from './columns'

// Compliance documents and their signature requests.

export type ComplianceDocumentTypesTable = {
  id: Generated<string>
  company_id: string
  name: string
  category: Text
}

export type ComplianceDocumentsTable = {
  id: Generated<string>
  company_id: string
  document_type_id: string
  status: Generated<string>
  effective_date: DateText
  expiration_date: DateText
  notes: Text
  /** What the signer reads (a release's statement); null for an uploaded-style document. */
  body: Text
  signed_date: Timestamp | null
  signature_data: Json | null
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

export type DocumentSignatureRequestsTable = {
  id: Generated<string>
  company_id: string
  compliance_document_id: string
  signature_token_hash: string
  status: Generated<string>
  expires_at: Timestamp
  recipient_name: Text
  recipient_email: Text
  signed_at: Timestamp | null
  signature_image_url: Text
  signed_ip: Text
  signed_user_agent: Text
  signer_name: Text
  signer_notes: Text
  revoked_at: Timestamp | null
  record_hash: Text
  created_by: string | null
  created_at: CreatedAt
}

import type { ColumnType, Generated } from 'kysely'

/** Timestamps are read as Date and may be written as Date or ISO text. */
type Timestamp = ColumnType<Date, Date | string, Date | string>
type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type Json = ColumnType<unknown, string, string>
/** Has a database default, and may be set later. */
type Defaulted<T> = ColumnType<T, T | string | undefined, T | string>

export type CompaniesTable = { id: Generated<string>; name: string; created_at: CreatedAt }
export type AppSettingsTable = { key: string; value: string; created_at: CreatedAt }

export type AuthUserTable = {
  id: string
  name: string
  email: string
  emailVerified: boolean
  image: string | null
  createdAt: Defaulted<Date>
  updatedAt: Defaulted<Date>
  role: string | null
  banned: boolean | null
  banReason: string | null
  banExpires: Timestamp | null
  mustChangePassword: boolean | null
}
export type AuthSessionTable = {
  id: string
  expiresAt: Timestamp
  token: string
  createdAt: Defaulted<Date>
  updatedAt: Timestamp
  ipAddress: string | null
  userAgent: string | null
  userId: string
  impersonatedBy: string | null
}
export type AuthAccountTable = {
  id: string
  accountId: string
  providerId: string
  userId: string
  password: string | null
  createdAt: Defaulted<Date>
  updatedAt: Timestamp
}
export type AuthVerificationTable = {
  id: string
  identifier: string
  value: string
  expiresAt: Timestamp
}
export type AuthRateLimitTable = { id: string; key: string; count: number; lastRequest: number }

export type ProfilesTable = {
  id: Generated<string>
  user_id: string
  company_id: string
  first_name: string | null
  last_name: string | null
  email: string
  avatar_url: string | null
  market: string | null
  role: Generated<string>
  rdn_id_number: string | null
  active: Generated<boolean>
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

export type AuditLogTable = {
  id: Generated<number>
  company_id: string | null
  actor_user_id: string | null
  action: string
  target: string | null
  detail: ColumnType<unknown, string | undefined, string>
  ip: string | null
  created_at: CreatedAt
}

export type OutboxTable = {
  id: Generated<string>
  company_id: string | null
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  created_at: CreatedAt
  sent_at: Timestamp | null
  error: string | null
}

export type ReferenceTable = { name: string; badge_color: string; sort_order: number }

export type ClientsTable = {
  id: Generated<string>
  company_id: string
  name: string
  lienholder_name: string | null
  display_name: string | null
  client_code: string
  active: Generated<boolean>
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

export type SubStatusesTable = {
  id: Generated<string>
  company_id: string
  code: string
  description: string
  active: Generated<boolean>
}

type Text = string | null
type DateText = ColumnType<string | null, string | null | undefined, string | null>

export type OrdersTable = {
  id: Generated<string>
  company_id: string
  case_number: Text
  order_number: string
  status: Generated<string>
  priority: Generated<string>
  make: Text
  model: Text
  year: number | null
  color: Text
  vin: Text
  license_plate: Text
  borrower_name: Text
  borrower_first_name: Text
  borrower_last_name: Text
  borrower_phone: Text
  borrower_address: Text
  borrower_city: Text
  borrower_state: Text
  borrower_zip: Text
  borrower_work_address: Text
  borrower_work_city: Text
  borrower_work_state: Text
  borrower_work_zip: Text
  last_known_address: Text
  last_known_city: Text
  last_known_state: Text
  last_known_zip: Text
  last_spotted_location: Text
  last_spotted_at: Timestamp | null
  recovery_location: Text
  recovery_city: Text
  recovery_state: Text
  recovery_zip: Text
  recovery_date: DateText
  recovery_time: Text
  repo_type: Text
  condition_notes: Text
  detected_market: Text
  market_confidence: number | null
  market_detection_method: Text
  lienholder_name: Text
  keys_obtained: Generated<boolean>
  client_id: string | null
  assigned_agent_id: string | null
  assigned_camera_driver_id: string | null
  due_date: DateText
  order_date: DateText
  close_date: DateText
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

export type CcdFindsTable = {
  id: Generated<string>
  company_id: string
  order_id: string
  driver_id: string
  found_at: Defaulted<Date>
  location: Text
  notes: Text
}

export type RepoCompletionsTable = {
  id: Generated<string>
  company_id: string
  order_id: string
  agent_id: string
  completed_at: Defaulted<Date>
}

export type OrderSubStatusesTable = {
  id: Generated<string>
  company_id: string
  case_number: string
  sub_status_code: string
  assigned_at: Defaulted<Date>
  active: Generated<boolean>
}

export type RdnCasesTable = {
  id: Generated<string>
  company_id: string
  case_id: number
  case_number: Text
  order_type: Generated<string>
  status: Text
  substatus: Text
  priority: Generated<string>
  make: Text
  model: Text
  year: number | null
  color: Text
  vin: Text
  order_date: DateText
  repo_date: DateText
  close_date: DateText
  close_reason: Text
  lender_name: Text
  lender_phone: Text
  lender_type: Text
  lienholder_name: Text
  debtor_name: Text
  debtor_first_name: Text
  debtor_middle_initial: Text
  debtor_last_name: Text
  debtor_address: Text
  debtor_city: Text
  debtor_state: Text
  debtor_zip: Text
  debtor_phone: Text
  debtor_work_address: Text
  additional_address: Text
  additional_city: Text
  additional_state: Text
  additional_zip: Text
  vehicle_license_state: Text
  vehicle_license_number: Text
  recovery_address: Text
  recovery_city: Text
  recovery_state: Text
  recovery_zip: Text
  assigned_agent_id: Text
  is_violent: Generated<boolean>
  time_marked_repossessed: Timestamp | null
  vendor_branch_name: Text
  storage_location_name: Text
  lot_processing_status: Text
  detected_market: Generated<string>
  market_confidence: Generated<number>
  market_detection_method: Generated<string>
  search_text: ColumnType<string, never, never>
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

export type MarketZipCodesTable = {
  id: Generated<string>
  company_id: string
  zip_code: string
  market: string
  active: Generated<boolean>
}

export type MarketLotsTable = {
  id: Generated<string>
  company_id: string
  market: string
  name: string
  address: Text
  latitude: number
  longitude: number
  active: Generated<boolean>
}

export type RdnAgentMappingsTable = {
  id: Generated<string>
  company_id: string
  rdn_agent_id: string
  profile_id: string
  created_at: CreatedAt
}

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
  created_at: CreatedAt
}

export type DB = {
  companies: CompaniesTable
  app_settings: AppSettingsTable
  auth_user: AuthUserTable
  auth_session: AuthSessionTable
  auth_account: AuthAccountTable
  auth_verification: AuthVerificationTable
  auth_rate_limit: AuthRateLimitTable
  profiles: ProfilesTable
  audit_log: AuditLogTable
  outbox: OutboxTable
  order_statuses: ReferenceTable
  order_priorities: ReferenceTable
  clients: ClientsTable
  sub_statuses: SubStatusesTable
  orders: OrdersTable
  ccd_finds: CcdFindsTable
  repo_completions: RepoCompletionsTable
  order_sub_statuses: OrderSubStatusesTable
  rdn_cases: RdnCasesTable
  market_zip_codes: MarketZipCodesTable
  market_lots: MarketLotsTable
  rdn_agent_mappings: RdnAgentMappingsTable
  compliance_document_types: ComplianceDocumentTypesTable
  compliance_documents: ComplianceDocumentsTable
  document_signature_requests: DocumentSignatureRequestsTable
}

import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Defaulted, Json, Timestamp } from './columns'

// Companies, settings, better-auth, profiles, audit log, outbox and reference data.

export type CompaniesTable = {
  id: Generated<string>
  name: string
  created_at: CreatedAt
  /** Whether a personal property inventory needs a second person (migration 036). */
  require_two_person_inventory: Generated<boolean>
  /** How the owner of held property reaches the company, as notice letters print it (migration 037). */
  property_contact: string | null
  /** The agency's address, phone and where payment goes, as invoices and statements print them (migration 041). */
  address: Defaulted<string | null>
  phone: Defaulted<string | null>
  remit_to: Defaulted<string | null>
}

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

/** Failed sign-ins of one client address ('ip:...') or account ('account:...') in the current window. */
export type SignInFailuresTable = { key: string; failures: number; window_started_at: Timestamp }

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
  /** The case the entry is about ('order:<id>' or 'rdn:<id>'), for the log searched by case. */
  case_key: string | null
  /** Set on an entry written at most once (a case opened: once per person, case and day). */
  once_key: string | null
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

export type ProfileAvatarsTable = {
  profile_id: string
  company_id: string
  content_type: string
  bytes: Uint8Array
  updated_at: Defaulted<Date>
}

export type ApiKeysTable = {
  id: Generated<string>
  company_id: string
  name: string
  key_prefix: string
  key_hash: string
  created_by: string | null
  created_at: CreatedAt
  last_used_at: Timestamp | null
  revoked_at: Timestamp | null
}

/** The first answer to a create, by the person and the Idempotency-Key of their submit (migration 018). */
export type IdempotencyKeysTable = {
  user_id: string
  key: string
  company_id: string
  request_hash: string
  /** Null while the first request is still running. */
  response_status: number | null
  response_body: Json | null
  /** Renewed when a repeat takes over a claim whose server died. */
  created_at: Defaulted<Date>
}

import type { ColumnType, Generated } from 'kysely'
import type { FeeRequestSource, FeeRequestState } from '../../../domain/billing/fee-request-status'
import type { InvoiceQueue, InvoiceStatus } from '../../../domain/billing/invoice-status'
import type { CreatedAt, DateText, Defaulted, Text, Timestamp } from './columns'

// Invoice Management (migration 029): invoices, their lines, fee requests, payments. Amounts in cents.

export type InvoiceCountersTable = { company_id: string; last_number: Defaulted<number> }

export type InvoicesTable = {
  id: Generated<string>
  company_id: string
  number: string
  /** 'order:<id>' or 'rdn:<id>': the case, kept when the case is deleted. */
  case_key: string
  order_id: string | null
  rdn_case_id: string | null
  revision: Defaulted<number>
  revision_of: string | null
  /** The sent invoice of the case this one adds fees to (approved after it went out). */
  supplements: string | null
  client_id: string | null
  status: Defaulted<InvoiceStatus>
  status_reason: Text
  case_label: string
  vin: Text
  vehicle: Text
  debtor_name: Text
  lienholder_name: Text
  lot_name: Text
  case_state: Text
  repossessed_at: Timestamp | null
  completed_on: DateText
  rate_card_id: string | null
  rate_card_version: number | null
  pricing_note: Text
  window_days: number | null
  storage_free_days: number | null
  storage_daily_cents: number | null
  storage_cap_cents: number | null
  storage_started_at: Timestamp | null
  storage_stopped_at: Timestamp | null
  storage_stop_event: Text
  billed_cents: Defaulted<number>
  paid_cents: Defaulted<number>
  sent_on: DateText
  /** The day sent plus the client's payment terms, fixed when it is sent (migration 041). */
  due_on: DateText
  /** The lender's account or loan number and reference, entered on the draft (migration 041). */
  account_number: Defaulted<string | null>
  lender_reference: Defaulted<string | null>
  /** Which Invoice Management queue its status puts it in (a generated column). */
  queue: ColumnType<InvoiceQueue, never, never>
  status_changed_at: Defaulted<Date>
  created_by_profile_id: string | null
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

export type InvoiceLinesTable = {
  id: Generated<string>
  company_id: string
  invoice_id: string
  position: number
  kind: 'fee' | 'storage'
  fee_type: string
  quantity: number
  unit_cents: number
  billed_cents: number
  approved_cents: number | null
  paid_cents: Defaulted<number>
  needs_approval: Defaulted<boolean>
  debtor_billable: Defaulted<boolean>
  unpriced: Defaulted<boolean>
  fee_request_id: string | null
  short_pay_reason: Text
}

export type FeeRequestsTable = {
  id: Generated<string>
  company_id: string
  case_key: string
  order_id: string | null
  rdn_case_id: string | null
  fee_type: string
  amount_cents: number
  status: FeeRequestState
  source: FeeRequestSource
  derived_code: Text
  rule: Text
  note: Text
  invoice_id: string | null
  requested_at: Timestamp | null
  decided_at: Timestamp | null
  decided_by_profile_id: string | null
  created_by_profile_id: string | null
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

export type FeeRequestFilesTable = {
  id: Generated<string>
  company_id: string
  fee_request_id: string
  file_name: string
  content_type: string
  size_bytes: number
  data: ColumnType<Buffer, Buffer | Uint8Array, Buffer | Uint8Array>
  taken_at: Timestamp | null
  latitude: number | null
  longitude: number | null
  metadata_removed: Defaulted<boolean>
  uploaded_by_profile_id: string | null
  created_at: CreatedAt
}

export type InvoicePaymentsTable = {
  id: Generated<string>
  company_id: string
  invoice_id: string
  received_on: ColumnType<string, string, string>
  amount_cents: number
  reference: Text
  created_by_profile_id: string | null
  created_at: CreatedAt
}

export type InvoicePaymentLinesTable = {
  payment_id: string
  line_id: string
  amount_cents: number
  short_pay_reason: Text
}

export type InvoiceDraftQueueTable = {
  company_id: string
  case_key: string
  order_id: string | null
  rdn_case_id: string | null
  queued_at: CreatedAt
}

/** Migration 040: drafts to price again in the background (a rate card or a case's client changed). */
export type InvoiceRepriceQueueTable = {
  company_id: string
  invoice_id: string
  queued_by_user_id: string | null
  queued_by_profile_id: string | null
  queued_at: CreatedAt
}

export type InvoiceStatusCountsTable = { company_id: string; status: string; invoices: number }
/** Fee requests per company and status, kept by migration 058's triggers. */
export type FeeRequestStatusCountsTable = { company_id: string; status: FeeRequestState; requests: number }

export type InvoiceOpenDaysTable = {
  company_id: string
  /** The client's id, or the zero id for none. */
  client_key: string
  sent_on: ColumnType<string, string, string>
  owed_cents: number
  invoices: number
}

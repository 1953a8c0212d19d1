import type { ColumnType, Generated } from 'kysely'
import type { AssignmentState } from '../../../domain/assignments/assignment-state'
import type { CreatedAt, DateText, Defaulted, Json, Text, Timestamp } from './columns'

// Lenders, sub-statuses, orders and what hangs off them.

export type ClientsTable = {
  id: Generated<string>
  company_id: string
  name: string
  lienholder_name: string | null
  display_name: string | null
  client_code: string
  active: Generated<boolean>
  /** Days a case may go without an Agent Update before it is due one (migration 030). */
  update_cadence_days: Generated<number>
  /** The photos its condition reports need (migration 034); null: the default list. */
  condition_photo_slots: Defaulted<string[] | null>
  /** Whether a release needs the client's own authorization first (migration 035). */
  release_needs_lender_authorization: Defaulted<boolean>
  /** Whether a vehicle is handed over only once the debtor's payments cover the quote (migration 042). */
  hand_over_needs_payment: Defaulted<boolean>
  /** 'Yes with photo': every On-Hook needs a photo (migration 063). */
  on_hook_photo_required: Defaulted<boolean>
  /** Where its invoices are addressed, and the days it has to pay one (migration 041). */
  billing_address: Defaulted<string | null>
  payment_terms_days: Defaulted<number>
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
  /** The repossession moment; recovery_date and recovery_time follow it (migration 039). */
  repossessed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
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
  /** Active, On Hold or Closed; when the agent was put on it; their last Agent Update (migration 030). */
  assignment_state: Generated<AssignmentState>
  /** Why it was put on hold, given with the status (migration 063). */
  hold_reason: Text
  agent_assigned_at: Defaulted<Date | null>
  last_agent_update_at: Defaulted<Date | null>
  due_date: DateText
  order_date: DateText
  close_date: DateText
  created_at: CreatedAt
  /** Who created it and how (migration 027): the writer's settings, as the timeline records changes. */
  created_by_profile_id: Defaulted<string | null>
  created_source: Defaulted<string>
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

/** The global-search text of each indexed order (migration 012). */
export type OrderSearchTable = {
  order_id: string
  company_id: string
  search_text: string
  /** The Orders list's text sort keys, copies of the order's (migration 026). */
  order_number: string | null
  borrower_name: string | null
  make: string | null
  vin: string | null
  license_plate: string | null
}

/** Orders inserted but not yet moved into `order_search` by the indexer. */
export type OrderSearchPendingTable = {
  order_id: string
  company_id: string
}

export type VendorsTable = {
  id: Generated<string>
  company_id: string
  name: string
  type: string
  address: Text
  phone: Text
  email: Text
  active: Generated<boolean>
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

/** What a person is told (a camera car find, an assignment, a note, ...); unread until read_at. */
export type NotificationsTable = {
  id: Generated<string>
  company_id: string
  profile_id: string
  kind: string
  order_id: string | null
  /** The RDN case it is about (migration 023); its deletion takes the notification along. */
  rdn_case_id: Defaulted<string | null>
  message: string
  /** Where a click on it goes, an in-app path like '/order/<id>'. */
  href: Defaulted<string | null>
  /** Unique per person: a source that fires again with the same key tells no one twice. */
  dedupe_key: Defaulted<string | null>
  created_at: CreatedAt
  read_at: Timestamp | null
}

/** How far a periodic notification check has looked (migration 023). */
export type NotificationChecksTable = {
  name: string
  checked_until: Date
}

/** The locksmith job of a repossessed order without keys (no row: keys still needed). */
export type KeyJobsTable = {
  order_id: string
  company_id: string
  state: string
  updated_by: string | null
  updated_at: Defaulted<Date>
}

/** Every order's and RDN case's history: creations, field changes and notes (migration 022). */
export type CaseTimelineTable = {
  id: Generated<string>
  company_id: string
  order_id: string | null
  rdn_case_id: string | null
  kind: 'change' | 'note'
  field: string | null
  old_value: string | null
  new_value: string | null
  note_type: string | null
  body: string | null
  /** What the device added to an Agent Update: GPS, its clock, a photo (migration 067). */
  evidence: Json | null
  actor_profile_id: string | null
  source: string
  created_at: CreatedAt
}

/** Orders per company, status, priority, market ('Unknown' for none) and client (a zero id for none): migration 021. */
export type OrderCountsTable = {
  company_id: string
  status: string
  priority: string
  market: string
  client_id: string
  orders: number
}

/** Orders per company, place (their best address's ZIP, '' for none) and status, kept by migration 059's triggers. */
export type OrderZipCountsTable = { company_id: string; zip: string; status: string; orders: number }

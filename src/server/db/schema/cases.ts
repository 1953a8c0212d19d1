import type { ColumnType, Generated } from 'kysely'
import type { AssignmentState } from '../../../domain/assignments/assignment-state'
import type { CreatedAt, DateText, Defaulted, Text, Timestamp } from './columns'

// RDN cases, markets with their ZIP codes and lots, agent mapping.

export type RdnCasesTable = {
  id: Generated<string>
  company_id: string
  case_id: number
  case_number: Text
  order_type: Text
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
  /** Migration 040: the client its lender (else lienholder) names, kept by triggers; never written by hand. */
  client_id: ColumnType<string | null, never, never>
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
  /** Migration 030: the camera car driver, the assignment state, when the agent was put on it, their last Agent Update. */
  /** Why it was put on hold, given with the status (migration 063). */
  hold_reason: Text
  assigned_camera_driver_id: string | null
  assignment_state: Generated<AssignmentState>
  agent_assigned_at: Defaulted<Date | null>
  last_agent_update_at: Defaulted<Date | null>
  is_violent: Generated<boolean>
  time_marked_repossessed: Timestamp | null
  vendor_branch_name: Text
  storage_location_name: Text
  lot_processing_status: Text
  detected_market: Generated<string>
  market_confidence: Generated<number>
  market_detection_method: Generated<string>
  search_text: ColumnType<string, never, never>
  /** debtor_name, else first, middle initial and last joined (migration 019): what the list searches and sorts by. */
  debtor_display_name: ColumnType<string | null, never, never>
  created_at: CreatedAt
  /** Who created it and how (migration 027): the writer's settings, as the timeline records changes. */
  created_by_profile_id: Defaulted<string | null>
  created_source: Defaulted<string>
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

/** A geocoded address (migration 031): street-level places for the map, by the address's normalised text. */
export type AddressPlacesTable = {
  company_id: string
  address_key: string
  found: boolean
  latitude: number | null
  longitude: number | null
  geocoded_at: Defaulted<Date>
}

export type RdnAgentMappingsTable = {
  id: Generated<string>
  company_id: string
  rdn_agent_id: string
  profile_id: string
  created_at: CreatedAt
}

export type RdnCaseCountsTable = { company_id: string; status: string; detected_market: string; cases: number }
/** Per company and client resolved on the case (cases without one not counted): migration 049. */
export type RdnCaseClientCountsTable = { company_id: string; client_id: string; cases: number }
/** RDN cases per company, debtor's five-digit ZIP ('' for none) and status ('' for none): migration 054. */
export type RdnCaseZipCountsTable = { company_id: string; zip: string; status: string; cases: number }
/** Open orders and RDN cases per company, source, market ('' for none), assigned or not and assignment state: migration 050. */
export type BoardCaseCountsTable = {
  company_id: string
  source: 'order' | 'case'
  market: string
  assigned: boolean
  assignment_state: string
  cases: number
}
/** Per company, lender, RDN agent id and status ('' for none): migration 016. */
export type RdnCaseGroupCountsTable = {
  company_id: string
  lender_name: string
  assigned_agent_id: string
  status: string
  cases: number
  repossessed: number
  timed: number
  days: number
}

import type { ColumnType, Generated } from 'kysely'
import type { Defaulted, Timestamp } from './columns'

// Collisions (migration 064, issue 44 item 6).

/** The same vehicle open in two cases of a company: the pair (first_case < second_case), how it matched, how it was settled. */
export type VehicleCollisionsTable = {
  id: Generated<string>
  company_id: string
  first_order_id: string | null
  first_rdn_case_id: string | null
  second_order_id: string | null
  second_rdn_case_id: string | null
  first_case: ColumnType<string, never, never>
  second_case: ColumnType<string, never, never>
  matched_on: 'vin' | 'plate'
  match_key: string
  detected_at: Defaulted<Date>
  source: string
  detected_by_profile_id: string | null
  resolved_at: Timestamp | null
  resolved_by_profile_id: string | null
  standing_order_id: string | null
  standing_rdn_case_id: string | null
  resolution_reason: string | null
}

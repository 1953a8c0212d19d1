import type { ColumnType, Generated } from 'kysely'
import type { Defaulted, Timestamp } from './columns'

/** A company's own hold and notice days for a state's personal property (migration 037). */
export type CompanyPropertyRulesTable = {
  company_id: string
  state: string
  hold_days: number
  notice_days: number
  updated_by_profile_id: string | null
  updated_at: Defaulted<Date>
}

/** A notice sent to the debtor about their property, with its proof (migration 037). */
export type PropertyNoticesTable = {
  id: Generated<string>
  company_id: string
  inventory_id: string
  sent_on: ColumnType<string, string, string>
  method: string
  proof_file_id: string
  recorded_by_profile_id: string | null
  recorded_at: Defaulted<Date>
}

/** A booked pickup of personal property (migration 037). */
export type PropertyAppointmentsTable = {
  id: Generated<string>
  company_id: string
  inventory_id: string
  starts_at: ColumnType<Date, Date | string, Date | string>
  person_name: string
  phone: string | null
  notes: string | null
  status: Defaulted<'scheduled' | 'kept' | 'cancelled'>
  booked_by_profile_id: string | null
  booked_at: Defaulted<Date>
}

/** Items handed back against an ID and a signed release, or disposed of after notice (migration 037). */
export type PropertyReleasesTable = {
  id: Generated<string>
  company_id: string
  inventory_id: string
  kind: 'release' | 'disposal'
  status: Defaulted<'pending' | 'completed' | 'cancelled'>
  item_ids: string[]
  released_to: string | null
  id_type: string | null
  id_last4: string | null
  release_document_id: string | null
  notice_id: string | null
  disposal_method: string | null
  created_by_profile_id: string | null
  created_at: Defaulted<Date>
  completed_by_profile_id: string | null
  completed_at: Timestamp | null
}

/** Money the agency collected from the debtor against the redemption quote (migration 042). */
export type RedemptionPaymentsTable = {
  id: Generated<string>
  company_id: string
  case_key: string
  order_id: string | null
  rdn_case_id: string | null
  /** bigint: read as text by PostgreSQL's driver, so read it through Number(). */
  amount_cents: ColumnType<number | string, number, number>
  method: 'certified_funds' | 'cashiers_check' | 'card' | 'cash' | 'ach'
  reference: string | null
  received_on: ColumnType<string, string, string>
  recorded_by_profile_id: string | null
  recorded_at: Defaulted<Date>
}

import type { ColumnType, Generated } from 'kysely'
import type { Role } from '../../../domain/auth/roles'
import type { PayBasis, PayEntryKind, PayEventKind, RuleKind } from '../../../domain/payroll/pay-kinds'
import type { PayCadence } from '../../../domain/payroll/periods'
import type { CreatedAt, Defaulted, Text, Timestamp } from './columns'

// Payroll & Accounting (migration 032). Amounts in cents; rates in cents or basis points.

/** A `date` column, read and written as 'YYYY-MM-DD'. */
type Day = ColumnType<string, string, string>
type OptionalDay = ColumnType<string | null, string | null | undefined, string | null>

export type PaySettingsTable = {
  company_id: string
  cadence: PayCadence
  anchor: Day
  updated_by_profile_id: string | null
  updated_at: Defaulted<Date>
}

export type PayRulesTable = {
  id: Generated<string>
  company_id: string
  kind: RuleKind
  role: Role | null
  profile_id: string | null
  order_type: string | null
  client_id: string | null
  basis: PayBasis
  rate: number
  tier_after: number | null
  tier_rate: number | null
  finder_share_bp: number
  partner_share_bp: number
  excluded_fee_types: string[]
  holdback: boolean
  effective_from: Day
  effective_to: OptionalDay
  created_by_profile_id: string | null
  created_at: CreatedAt
}

export type PayPeriodsTable = {
  company_id: string
  starts_on: Day
  ends_on: Day
  status: 'approved' | 'locked'
  approved_at: Defaulted<Date>
  approved_by_profile_id: string | null
  locked_at: Timestamp | null
  locked_by_profile_id: string | null
}

/** A locked period marked paid (issue 41): never edited or removed. */
export type PayPeriodPaymentsTable = {
  company_id: string
  period_start: Day
  paid_on: Day
  reference: string
  marked_by_profile_id: string | null
  marked_at: Defaulted<Date>
}

export type PayLinesTable = {
  id: Generated<string>
  company_id: string
  period_start: Day
  key: string
  event_key: string
  kind: PayEventKind
  profile_id: string
  occurred_on: Day
  case_key: string | null
  case_label: Defaulted<string>
  rule_id: string | null
  amount_cents: number
  held_cents: Defaulted<number>
  carried_from: OptionalDay
  explanation: string
}

export type PayEntriesTable = {
  id: Generated<string>
  company_id: string
  kind: PayEntryKind
  profile_id: string
  occurred_on: Day
  amount_cents: number | null
  miles: number | null
  hours: number | null
  reason: Text
  note: Text
  order_id: string | null
  rdn_case_id: string | null
  case_label: Text
  created_by_profile_id: string | null
  created_at: CreatedAt
}

export type VendorCostsTable = {
  id: Generated<string>
  company_id: string
  vendor_id: string
  kind: 'keys' | 'transport' | 'other'
  incurred_on: Day
  amount_cents: number
  note: Text
  order_id: string | null
  rdn_case_id: string | null
  case_label: Text
  created_by_profile_id: string | null
  created_at: CreatedAt
}

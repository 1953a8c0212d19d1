import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Defaulted } from './columns'

// Fee Schedules (migration 028): rate cards, their versions and rate rows. Amounts in cents.

export type RateCardsTable = {
  id: Generated<string>
  company_id: string
  client_id: string
  lienholder_name: string | null
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

/** A `date` column, read and written as 'YYYY-MM-DD'. */
type Day = ColumnType<string, string, string>

export type RateCardVersionsTable = {
  id: Generated<string>
  company_id: string
  rate_card_id: string
  version: number
  effective_from: Day
  effective_to: ColumnType<string | null, string | null | undefined, string | null>
  storage_free_days: number | null
  storage_daily_cents: number | null
  storage_cap_cents: number | null
  created_by_profile_id: string | null
  created_at: CreatedAt
}

export type RateRowsTable = {
  id: Generated<string>
  company_id: string
  version_id: string
  fee_type: string
  order_type: string | null
  basis: 'flat' | 'per_day' | 'per_mile' | 'per_block'
  amount_cents: number
  included_miles: number
  market_amounts: ColumnType<Record<string, number>, string, string>
  min_cents: number | null
  max_cents: number | null
  needs_approval: boolean
  billable_to_debtor: boolean
  no_pass_on_states: string[]
  days_to_invoice: number | null
}

import type { Generated } from 'kysely'
import type { CreatedAt, Defaulted, Timestamp } from './columns'

// Holds, their receipts, and On-Hook and Yield (migration 063, issue 44).

/** A stop placed on a case (a status that stops field work): who, how, why, when; lifted when it ends. */
export type CaseHoldsTable = {
  id: Generated<string>
  company_id: string
  order_id: string | null
  rdn_case_id: string | null
  status: string
  reason: string | null
  source: string
  placed_by_profile_id: string | null
  placed_at: Defaulted<Date>
  /** The hold reached a case already Repossessed: the recovery stands, the client is told. */
  arrived_after_recovery: Defaulted<boolean>
  lifted_at: Timestamp | null
}

/** Who a hold was sent to, and when it reached their open screen and when they read it. */
export type HoldReceiptsTable = {
  hold_id: string
  profile_id: string
  company_id: string
  notified_at: Defaulted<Date>
  delivered_at: Timestamp | null
  read_at: Timestamp | null
}

/** An On-Hook or a Yield, recorded once; a correction is a new row naming the one it corrects. */
export type RecoveryActsTable = {
  id: Generated<string>
  company_id: string
  order_id: string | null
  rdn_case_id: string | null
  kind: 'on_hook' | 'yield'
  recorded_at: CreatedAt
  recorded_by_profile_id: string
  device_time: Timestamp | null
  latitude: number | null
  longitude: number | null
  accuracy_m: number | null
  photo_file_id: string | null
  address: string | null
  yield_reason: string | null
  note: string | null
  corrects_id: string | null
  correction_reason: string | null
}

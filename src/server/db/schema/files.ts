import type { ColumnType, Generated } from 'kysely'
import type { FileFormat, FileKind } from '../../../domain/files/file-rules'
import type { CreatedAt, Defaulted, Timestamp } from './columns'

/** A photo or document (migration 033); its bytes are in the file store. */
export type StoredFilesTable = {
  id: Generated<string>
  company_id: string
  kind: FileKind
  format: FileFormat
  content_type: string
  file_name: string
  size_bytes: number
  width: number | null
  height: number | null
  taken_at: Timestamp | null
  latitude: number | null
  longitude: number | null
  /** The stored bytes were re-encoded without metadata at upload (issue 41). */
  metadata_removed: Defaulted<boolean>
  sha256: string
  has_thumbnail: Defaulted<boolean>
  uploaded_by_profile_id: string | null
  created_at: CreatedAt
}

/** A version of a recovered vehicle's condition report (migration 034). */
export type ConditionReportsTable = {
  id: Generated<string>
  company_id: string
  case_key: string
  order_id: string | null
  rdn_case_id: string | null
  version: number
  status: Defaulted<'draft' | 'accepted'>
  odometer: number | null
  keys_present: boolean | null
  key_type: string | null
  drivable: boolean | null
  notes: string | null
  created_by_profile_id: string | null
  accepted_by_profile_id: string | null
  accepted_at: Timestamp | null
  created_at: CreatedAt
  updated_at: Defaulted<Date>
}

export type ConditionReportPhotosTable = { report_id: string; slot: string; file_id: string }

export type ConditionReportDamagesTable = {
  id: Generated<string>
  report_id: string
  position: number
  area: string
  description: string
  file_id: string | null
}

/** A vehicle authorized to leave the lot, released or transported (migration 035). */
export type VehicleReleasesTable = {
  id: Generated<string>
  company_id: string
  case_key: string
  order_id: string | null
  rdn_case_id: string | null
  kind: 'release' | 'transport'
  vendor_id: string | null
  lender_authorization: string | null
  status: Defaulted<'authorized' | 'completed' | 'cancelled'>
  authorized_by_profile_id: string | null
  authorized_at: Defaulted<Date>
  released_to: string | null
  id_type: string | null
  id_last4: string | null
  completed_by_profile_id: string | null
  completed_at: Timestamp | null
  release_document_id: string | null
}

/** How many recovered vehicles a company has per source and release state, kept by the database (migration 061). */
export type RedemptionStateCountsTable = {
  company_id: string
  source: 'order' | 'rdn'
  state: 'none' | 'authorized' | 'waiting' | 'signed' | 'released' | 'transported'
  vehicles: number
}

/** A recovered case's personal property inventory (migration 036). */
export type PropertyInventoriesTable = {
  id: Generated<string>
  company_id: string
  case_key: string
  order_id: string | null
  rdn_case_id: string | null
  no_property: Defaulted<boolean>
  state: string | null
  hold_until: ColumnType<string, string, string>
  notice_due: ColumnType<string, string, string>
  inventoried_by_profile_id: string | null
  second_person_profile_id: string | null
  inventoried_at: Defaulted<Date>
}

export type PropertyItemsTable = {
  id: Generated<string>
  company_id: string
  inventory_id: string
  position: number
  category: string
  description: string
  quantity: number
  container_label: string | null
  file_id: string | null
  lot_place: string | null
  disposition: string | null
  status: Defaulted<'held' | 'released' | 'disposed'>
}

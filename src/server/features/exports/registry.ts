import type { AnyExportList } from './list-definition'
import { casesExport } from './lists/cases'
import { clientsExport, usersExport } from './lists/directory'
import {
  cameraDriverLookoutExport,
  fieldManagerUnassignedExport,
  managementStaleExport,
  recoveryAgentAssignmentsExport,
  recoveryAgentRecoveredExport,
} from './lists/field-dashboards'
import { ordersExport } from './lists/orders'
import { rateCardExport } from './lists/rate-card'
import { managementRecoveriesAfterHoldExport } from './lists/recoveries-after-hold'
import {
  keysVehiclesExport,
  lotVehiclesExport,
  postRecoveryExport,
  transportMovesExport,
} from './lists/storage-dashboards'

/**
 * Every list that exports, by its URL name. Adding one is one entry here and one definition
 * (see list-definition.ts): its screen, filter schema, columns and batched row source.
 */
const LISTS: AnyExportList[] = [
  casesExport,
  ordersExport,
  usersExport,
  clientsExport,
  managementStaleExport,
  managementRecoveriesAfterHoldExport,
  fieldManagerUnassignedExport,
  recoveryAgentAssignmentsExport,
  recoveryAgentRecoveredExport,
  cameraDriverLookoutExport,
  lotVehiclesExport,
  keysVehiclesExport,
  transportMovesExport,
  postRecoveryExport,
  rateCardExport,
]

export const EXPORT_LISTS: Record<string, AnyExportList> = Object.fromEntries(LISTS.map((list) => [list.name, list]))

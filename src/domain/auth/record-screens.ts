import { canOpenScreen } from './permissions'
import type { Screen } from './screens'

// Issue 41: who may open each kind of record, by the screens whose people work it. The records'
// routes are guarded by these lists, and a stored file is served by the same rule as the record
// that holds it.

/** Condition reports: those who handle a vehicle once it is recovered. */
export const CONDITION_REPORT_SCREENS = [
  'Lot Manager',
  'Post Recovery Manager',
  'Management Dashboard',
  'Recovery Agent',
] as const satisfies readonly Screen[]

/** A case's personal property: its inventory, items, notices. */
export const PROPERTY_SCREENS = [
  'Property Redemptions',
  'Lot Manager',
  'Management Dashboard',
] as const satisfies readonly Screen[]

export const RECORD_SCREENS = {
  condition_report: CONDITION_REPORT_SCREENS,
  property: PROPERTY_SCREENS,
} as const

export type RecordKind = keyof typeof RECORD_SCREENS

/** Whether a role may open a record of this kind. */
export const mayOpenRecord = (role: unknown, kind: RecordKind) =>
  RECORD_SCREENS[kind].some((screen) => canOpenScreen(role, screen))

/**
 * Whether a role may open a stored file: when it may open one of the records that hold it; a file
 * no record holds yet (just uploaded, on its way into a form) only by the person who uploaded it.
 */
export function mayOpenFile(role: unknown, holders: readonly RecordKind[], uploadedByViewer: boolean): boolean {
  if (holders.length === 0) return uploadedByViewer
  return holders.some((kind) => mayOpenRecord(role, kind))
}

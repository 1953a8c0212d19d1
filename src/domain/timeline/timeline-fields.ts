import { KEY_JOB_LABELS, type KeyJobState } from '../dashboards/key-jobs'

/** What a timeline entry belongs to. */
export type TimelineSubject = 'order' | 'case'

/**
 * How a field's stored text becomes what a person reads: a person, client or RDN agent by name,
 * a yes/no, a calendar day or a moment (the web formats those two), a priority or key job by its label.
 */
export type FieldValueKind =
  | 'text'
  | 'person'
  | 'client'
  | 'rdn_agent'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'priority'
  | 'key_job'

type FieldSpec = { label: string; value?: FieldValueKind }

const shared: Record<string, FieldSpec> = {
  case_number: { label: 'Case number' },
  status: { label: 'Status' },
  priority: { label: 'Priority', value: 'priority' },
  order_date: { label: 'Order date', value: 'date' },
  close_date: { label: 'Close date', value: 'date' },
  make: { label: 'Make' },
  model: { label: 'Model' },
  year: { label: 'Year' },
  color: { label: 'Color' },
  vin: { label: 'VIN' },
  lienholder_name: { label: 'Lienholder' },
  recovery_city: { label: 'Recovery city' },
  recovery_state: { label: 'Recovery state' },
  recovery_zip: { label: 'Recovery ZIP' },
  // Issue 17: the case's invoices, fee requests and payments, written beside its own changes.
  invoice: { label: 'Invoice' },
  fee_request: { label: 'Fee request' },
  invoice_payment: { label: 'Payment posted' },
  // Issue 18: pay entries and vendor costs tied to the case.
  pay_entry: { label: 'Pay entry' },
  vendor_cost: { label: 'Vendor cost' },
  // Issue 20: the vehicle's condition report.
  condition_report: { label: 'Condition report' },
  vehicle_release: { label: 'Release' },
  // Issue 41: money collected from the debtor against the redemption quote.
  redemption_payment: { label: 'Redemption payment' },
  property_inventory: { label: 'Personal property' },
  // Issue 41: the repossession moment set or corrected, with why.
  repossession: { label: 'Repossession moment corrected' },
}

/** Events about money on the case (billing, pay, vendor costs): only those who may open Invoice Management read them. */
export const BILLING_EVENT_FIELDS: ReadonlySet<string> = new Set([
  'invoice',
  'fee_request',
  'invoice_payment',
  'pay_entry',
  'vendor_cost',
])

/** Fields whose entries are events on the case (issue 17), not a value it holds: 'Payment posted: $100.00 on INV-000001'. */
export const EVENT_FIELDS: ReadonlySet<string> = new Set([
  'invoice',
  'fee_request',
  'invoice_payment',
  'pay_entry',
  'vendor_cost',
  'condition_report',
  'vehicle_release',
  'redemption_payment',
  'property_inventory',
  'repossession',
])

const orderFields: Record<string, FieldSpec> = {
  ...shared,
  order_number: { label: 'Order number' },
  due_date: { label: 'Due date', value: 'date' },
  assigned_agent_id: { label: 'Recovery agent', value: 'person' },
  assigned_camera_driver_id: { label: 'Camera car driver', value: 'person' },
  client_id: { label: 'Client', value: 'client' },
  license_plate: { label: 'License plate' },
  borrower_name: { label: 'Borrower name' },
  borrower_phone: { label: 'Borrower phone' },
  borrower_address: { label: 'Home address' },
  borrower_city: { label: 'Home city' },
  borrower_state: { label: 'Home state' },
  borrower_zip: { label: 'Home ZIP' },
  borrower_work_address: { label: 'Work address' },
  borrower_work_city: { label: 'Work city' },
  borrower_work_state: { label: 'Work state' },
  borrower_work_zip: { label: 'Work ZIP' },
  last_known_address: { label: 'Last known address' },
  last_known_city: { label: 'Last known city' },
  last_known_state: { label: 'Last known state' },
  last_known_zip: { label: 'Last known ZIP' },
  last_spotted_location: { label: 'Last spotted location' },
  last_spotted_at: { label: 'Last spotted at', value: 'datetime' },
  recovery_location: { label: 'Recovery location' },
  recovery_date: { label: 'Recovery date', value: 'date' },
  recovery_time: { label: 'Recovery time' },
  repo_type: { label: 'Repo type' },
  condition_notes: { label: 'Condition notes' },
  keys_obtained: { label: 'Keys obtained', value: 'boolean' },
  key_job: { label: 'Key job', value: 'key_job' },
}

const caseFields: Record<string, FieldSpec> = {
  ...shared,
  order_type: { label: 'Order type' },
  substatus: { label: 'Sub-status' },
  assigned_agent_id: { label: 'Recovery agent', value: 'rdn_agent' },
  repo_date: { label: 'Repo date', value: 'date' },
  close_reason: { label: 'Close reason' },
  lender_name: { label: 'Lender' },
  lender_phone: { label: 'Lender phone' },
  debtor_name: { label: 'Debtor name' },
  debtor_phone: { label: 'Debtor phone' },
  debtor_address: { label: 'Debtor address' },
  debtor_city: { label: 'Debtor city' },
  debtor_state: { label: 'Debtor state' },
  debtor_zip: { label: 'Debtor ZIP' },
  debtor_work_address: { label: 'Work address' },
  additional_address: { label: 'Additional address' },
  vehicle_license_state: { label: 'Plate state' },
  vehicle_license_number: { label: 'Plate number' },
  recovery_address: { label: 'Recovery address' },
  is_violent: { label: 'Violent flag', value: 'boolean' },
  time_marked_repossessed: { label: 'Repossessed at', value: 'datetime' },
  vendor_branch_name: { label: 'Vendor branch' },
  storage_location_name: { label: 'Storage location' },
  lot_processing_status: { label: 'Lot processing status' },
}

/**
 * A changed field's label and how its values read. A field the timeline does not know yet (one
 * tracked later) reads as its column name in words, its values as stored.
 */
export function timelineField(subject: TimelineSubject, field: string): { label: string; value: FieldValueKind } {
  const spec = (subject === 'order' ? orderFields : caseFields)[field]
  if (spec) return { label: spec.label, value: spec.value ?? 'text' }
  const words = field.replace(/_id$/, '').replaceAll('_', ' ')
  return { label: words.charAt(0).toUpperCase() + words.slice(1), value: 'text' }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** PostgreSQL's text of a timestamptz ('2025-03-04 10:00:00.5+00', offsets of hours or hours and minutes) as ISO. */
export function timestampTextToIso(text: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([+-]\d{2})(?::?(\d{2}))?(?::\d{2})?$/.exec(
    text,
  )
  if (!match) return null
  const date = new Date(`${match[1]}T${match[2]}${match[3]}:${match[4] ?? '00'}`)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** How the web formats a field's values: a calendar day, a moment, or as they are. */
export function fieldValueFormat(kind: FieldValueKind): 'text' | 'date' | 'datetime' {
  return kind === 'date' || kind === 'datetime' ? kind : 'text'
}

/**
 * What a stored value reads as, for the kinds that need no lookup (null for a person, client or
 * agent): 'Yes'/'No', a priority or key job by its label, a moment as ISO; a value that does not
 * read as its kind is shown as stored.
 */
export function plainFieldValue(kind: FieldValueKind, raw: string): string | null {
  switch (kind) {
    case 'boolean':
      return raw === 'true' || raw === 't' ? 'Yes' : raw === 'false' || raw === 'f' ? 'No' : raw
    case 'priority':
      return capitalize(raw)
    case 'key_job':
      return KEY_JOB_LABELS[raw as KeyJobState] ?? raw
    case 'datetime':
      return timestampTextToIso(raw) ?? raw
    case 'date':
    case 'text':
      return raw
    default:
      return null
  }
}

import { deriveDebtorName } from '../cases/case-view'

/** One vehicle to work on a dashboard: an imported order or an RDN case, linked to its detail. */
export type WorkItem = {
  kind: 'order' | 'case'
  id: string
  /** The detail page: /order/<id> or /cases/<case id>. */
  href: string
  number: string
  vehicle: string
  color: string | null
  plate: string | null
  vin: string | null
  debtor: string | null
  /** Where to look: the last known address (an order's), else the debtor's home. */
  address: string | null
  zip: string | null
  status: string | null
  market: string | null
  updatedAt: string
}

const text = (value: string | null | undefined) => value?.trim() || null
const joined = (parts: Array<string | number | null | undefined>, separator: string) =>
  parts
    .map((part) => (part === null || part === undefined ? null : text(String(part))))
    .filter(Boolean)
    .join(separator) || null

/** Street, then 'City, ST ZIP'. */
export function formatAddress(street: string | null, city: string | null, state: string | null, zip: string | null) {
  const place = joined([joined([city, state], ', '), zip], ' ')
  return joined([street, place], ', ')
}

export type OrderItemRow = {
  id: string
  order_number: string
  case_number: string | null
  year: number | null
  make: string | null
  model: string | null
  color: string | null
  license_plate: string | null
  vin: string | null
  borrower_name: string | null
  borrower_address: string | null
  borrower_city: string | null
  borrower_state: string | null
  borrower_zip: string | null
  last_known_address: string | null
  last_known_city: string | null
  last_known_state: string | null
  last_known_zip: string | null
  status: string
  detected_market: string | null
  updated_at: Date | string
}

export function orderWorkItem(row: OrderItemRow): WorkItem {
  const lastKnown = Boolean(text(row.last_known_address) || text(row.last_known_zip))
  return {
    kind: 'order',
    id: row.id,
    href: `/order/${row.id}`,
    number: text(row.case_number) ?? row.order_number,
    vehicle: joined([row.year, row.make, row.model], ' ') ?? '-',
    color: text(row.color),
    plate: text(row.license_plate),
    vin: text(row.vin),
    debtor: text(row.borrower_name),
    address: lastKnown
      ? formatAddress(row.last_known_address, row.last_known_city, row.last_known_state, row.last_known_zip)
      : formatAddress(row.borrower_address, row.borrower_city, row.borrower_state, row.borrower_zip),
    zip: lastKnown ? text(row.last_known_zip) : text(row.borrower_zip),
    status: row.status,
    market: text(row.detected_market),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

export type CaseItemRow = {
  case_id: number
  case_number: string | null
  year: number | null
  make: string | null
  model: string | null
  color: string | null
  vehicle_license_state: string | null
  vehicle_license_number: string | null
  vin: string | null
  debtor_name: string | null
  debtor_first_name: string | null
  debtor_middle_initial: string | null
  debtor_last_name: string | null
  debtor_address: string | null
  debtor_city: string | null
  debtor_state: string | null
  debtor_zip: string | null
  additional_address: string | null
  additional_city: string | null
  additional_state: string | null
  additional_zip: string | null
  status: string | null
  detected_market: string | null
  updated_at: Date | string
}

/** The columns an RDN case's work item is made from. */
export const CASE_ITEM_COLUMNS = [
  'case_id',
  'case_number',
  'year',
  'make',
  'model',
  'color',
  'vehicle_license_state',
  'vehicle_license_number',
  'vin',
  'debtor_name',
  'debtor_first_name',
  'debtor_middle_initial',
  'debtor_last_name',
  'debtor_address',
  'debtor_city',
  'debtor_state',
  'debtor_zip',
  'additional_address',
  'additional_city',
  'additional_state',
  'additional_zip',
  'status',
  'detected_market',
  'updated_at',
] as const

export const ORDER_ITEM_COLUMNS = [
  'id',
  'order_number',
  'case_number',
  'year',
  'make',
  'model',
  'color',
  'license_plate',
  'vin',
  'borrower_name',
  'borrower_address',
  'borrower_city',
  'borrower_state',
  'borrower_zip',
  'last_known_address',
  'last_known_city',
  'last_known_state',
  'last_known_zip',
  'status',
  'detected_market',
  'updated_at',
] as const

/** SPEC.md section 3's derived case view, as a work item: the debtor's home, else the additional address. */
export function caseWorkItem(row: CaseItemRow): WorkItem {
  const home = Boolean(text(row.debtor_address))
  return {
    kind: 'case',
    id: String(row.case_id),
    href: `/cases/${row.case_id}`,
    number: text(row.case_number) ?? String(row.case_id),
    vehicle: joined([row.year, row.make, row.model], ' ') ?? '-',
    color: text(row.color),
    plate: joined([row.vehicle_license_state, row.vehicle_license_number], ' '),
    vin: text(row.vin),
    debtor: deriveDebtorName(row),
    address: home
      ? formatAddress(row.debtor_address, row.debtor_city, row.debtor_state, row.debtor_zip)
      : formatAddress(row.additional_address, row.additional_city, row.additional_state, row.additional_zip),
    zip: home ? text(row.debtor_zip) : text(row.additional_zip),
    status: row.status,
    market: text(row.detected_market),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

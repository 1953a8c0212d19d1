import { mapStorageLocation } from './storage-location'

/** The columns of an external case that the derived view reads (SPEC.md section 3). */
export type RdnCaseRow = {
  case_id: number | string
  case_number: string | null
  status: string | null
  substatus: string | null
  priority: string | null
  order_type: string | null
  lender_name: string | null
  lienholder_name: string | null
  debtor_name: string | null
  debtor_first_name: string | null
  debtor_middle_initial: string | null
  debtor_last_name: string | null
  debtor_phone: string | null
  debtor_address: string | null
  debtor_city: string | null
  debtor_state: string | null
  debtor_zip: string | null
  debtor_work_address: string | null
  additional_address: string | null
  additional_city: string | null
  additional_state: string | null
  additional_zip: string | null
  vehicle_license_state: string | null
  vehicle_license_number: string | null
  recovery_address: string | null
  recovery_city: string | null
  recovery_state: string | null
  storage_location_name: string | null
  assigned_agent_id: string | null
}

export type AgentProfile = {
  id: string
  first_name: string | null
  last_name: string | null
  email: string
  rdn_id_number: string | null
}

export type AssignedAgent = {
  id: string
  first_name: string | null
  last_name: string | null
  email: string
  full_name: string
}

const text = (value: string | null | undefined) => value?.trim() || null
const joined = (parts: Array<string | null | undefined>, separator: string) =>
  parts.map(text).filter(Boolean).join(separator) || null

/** debtor_name, else first, middle initial and last joined. */
export function deriveDebtorName(
  row: Pick<RdnCaseRow, 'debtor_name' | 'debtor_first_name' | 'debtor_middle_initial' | 'debtor_last_name'>,
) {
  return text(row.debtor_name) ?? joined([row.debtor_first_name, row.debtor_middle_initial, row.debtor_last_name], ' ')
}

/** The sub-status list split on '|', trimmed, without empty pieces. */
export function parseSubstatuses(substatus: string | null | undefined): string[] {
  return (substatus ?? '')
    .split('|')
    .map((piece) => piece.trim())
    .filter(Boolean)
}

/** The case's agent: the profile whose rdn_id_number equals assigned_agent_id. */
export function findAssignedAgent(
  agentId: string | null | undefined,
  profiles: readonly AgentProfile[],
): AssignedAgent | null {
  const id = text(agentId)
  if (!id) return null
  const profile = profiles.find((candidate) => text(candidate.rdn_id_number) === id)
  if (!profile) return null
  const fullName = joined([profile.first_name, profile.last_name], ' ') ?? profile.email
  return {
    id: profile.id,
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    full_name: fullName,
  }
}

/** SPEC.md section 3: an external case's order type when it has none, in the list and on the detail. */
export const DEFAULT_ORDER_TYPE = { list: 'Repossession', detail: 'Repossess' } as const

/**
 * What the derived case view of SPEC.md section 3 adds to the row: debtor name fallback, parsed
 * sub-statuses, plate, client fallback, order number, borrower and last-known mirrors, recovery
 * location, assigned agent, storage location and the placeholders. A small object of its own, so
 * an export of a million cases can read it beside the row without copying the row's every column.
 */
export function deriveCaseFields(row: RdnCaseRow, agents: readonly AgentProfile[]) {
  const debtorName = deriveDebtorName(row)
  const useDebtorAddress = Boolean(text(row.debtor_address))
  return {
    debtor_name: debtorName,
    parsed_substatuses: parseSubstatuses(row.substatus),
    license_plate: joined([row.vehicle_license_state, row.vehicle_license_number], ' '),
    client: text(row.lender_name) ?? text(row.lienholder_name) ?? 'Unknown Client',
    order_number: text(row.case_number) ?? String(row.case_id),
    priority: text(row.priority) ?? 'normal',
    borrower_name: debtorName,
    borrower_phone: row.debtor_phone,
    borrower_address: row.debtor_address,
    borrower_city: row.debtor_city,
    borrower_state: row.debtor_state,
    borrower_zip: row.debtor_zip,
    borrower_work_address: row.debtor_work_address,
    last_known_address: useDebtorAddress ? row.debtor_address : row.additional_address,
    last_known_city: useDebtorAddress ? row.debtor_city : row.additional_city,
    last_known_state: useDebtorAddress ? row.debtor_state : row.additional_state,
    last_known_zip: useDebtorAddress ? row.debtor_zip : row.additional_zip,
    recovery_location: joined([row.recovery_address, row.recovery_city, row.recovery_state], ', '),
    storage_location: mapStorageLocation(row.status, row.storage_location_name),
    assigned_agent: findAssignedAgent(row.assigned_agent_id, agents),
    balance_owed: 0,
    market_override: null,
  }
}

/**
 * The derived case view of SPEC.md section 3: the row with what `deriveCaseFields` adds. The case
 * list and detail build the same view of their columns as one object literal, faster to build and
 * to serialize (server/features/cases/case-view.ts, held equal to this by its test).
 */
export function deriveCaseView<Row extends RdnCaseRow>(row: Row, agents: readonly AgentProfile[]) {
  // The same as `{ ...row, ...fields }`, which V8 builds 15x slower when the second object
  // overrides keys of a wide first one (75 vs 5 µs a row).
  const view: Omit<Row, keyof ReturnType<typeof deriveCaseFields>> & ReturnType<typeof deriveCaseFields> =
    Object.assign({}, row, deriveCaseFields(row, agents))
  return view
}

export type CaseView = ReturnType<typeof deriveCaseView<RdnCaseRow>>

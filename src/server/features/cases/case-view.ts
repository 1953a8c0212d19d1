import { type AgentProfile, deriveCaseFields, type deriveCaseView } from '../../../domain/cases/case-view'
import type { findCase } from './repository'

/** A case as the list and the detail read it: the repository's columns. */
type CaseRow = NonNullable<Awaited<ReturnType<typeof findCase>>>

/**
 * The derived case view (SPEC.md section 3, `deriveCaseView`) of the columns the list and the
 * detail read, built as one object literal: the same keys in the same order, with the values
 * `deriveCaseView` gives (cases.test.ts holds the two equal). Built key by key, a row this wide
 * becomes a dictionary-mode object that V8 builds and serializes at half the speed; the case list
 * builds and serializes 50 a request (issue 21). The return type makes a column missed here a
 * type error.
 */
export function caseView(row: CaseRow, agents: readonly AgentProfile[]): ReturnType<typeof deriveCaseView<CaseRow>> {
  const fields = deriveCaseFields(row, agents)
  return {
    id: row.id,
    case_id: row.case_id,
    case_number: row.case_number,
    order_type: row.order_type,
    status: row.status,
    substatus: row.substatus,
    priority: fields.priority,
    make: row.make,
    model: row.model,
    year: row.year,
    color: row.color,
    vin: row.vin,
    order_date: row.order_date,
    repo_date: row.repo_date,
    close_date: row.close_date,
    close_reason: row.close_reason,
    lender_name: row.lender_name,
    lienholder_name: row.lienholder_name,
    debtor_name: fields.debtor_name,
    debtor_first_name: row.debtor_first_name,
    debtor_middle_initial: row.debtor_middle_initial,
    debtor_last_name: row.debtor_last_name,
    debtor_phone: row.debtor_phone,
    debtor_address: row.debtor_address,
    debtor_city: row.debtor_city,
    debtor_state: row.debtor_state,
    debtor_zip: row.debtor_zip,
    debtor_work_address: row.debtor_work_address,
    additional_address: row.additional_address,
    additional_city: row.additional_city,
    additional_state: row.additional_state,
    additional_zip: row.additional_zip,
    vehicle_license_state: row.vehicle_license_state,
    vehicle_license_number: row.vehicle_license_number,
    recovery_address: row.recovery_address,
    recovery_city: row.recovery_city,
    recovery_state: row.recovery_state,
    storage_location_name: row.storage_location_name,
    assigned_agent_id: row.assigned_agent_id,
    detected_market: row.detected_market,
    lender_phone: row.lender_phone,
    lender_type: row.lender_type,
    recovery_zip: row.recovery_zip,
    is_violent: row.is_violent,
    vendor_branch_name: row.vendor_branch_name,
    lot_processing_status: row.lot_processing_status,
    market_confidence: row.market_confidence,
    market_detection_method: row.market_detection_method,
    updated_at: row.updated_at,
    time_marked_repossessed: row.time_marked_repossessed,
    created_at: row.created_at,
    parsed_substatuses: fields.parsed_substatuses,
    license_plate: fields.license_plate,
    client: fields.client,
    order_number: fields.order_number,
    borrower_name: fields.borrower_name,
    borrower_phone: fields.borrower_phone,
    borrower_address: fields.borrower_address,
    borrower_city: fields.borrower_city,
    borrower_state: fields.borrower_state,
    borrower_zip: fields.borrower_zip,
    borrower_work_address: fields.borrower_work_address,
    last_known_address: fields.last_known_address,
    last_known_city: fields.last_known_city,
    last_known_state: fields.last_known_state,
    last_known_zip: fields.last_known_zip,
    recovery_location: fields.recovery_location,
    storage_location: fields.storage_location,
    assigned_agent: fields.assigned_agent,
    balance_owed: fields.balance_owed,
    market_override: fields.market_override,
  }
}

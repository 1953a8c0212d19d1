import type { Role } from '../src/domain/auth/roles'
import { withVinCheckDigit } from '../src/domain/vehicles/vin'

export const E2E_ROLE_PASSWORD = 'E2e-role-pass-1'

export function roleEmail(role: Role | string): string {
  return `${role.replace(/_/g, '-')}@e2e.test`
}

export const E2E_ORDERS = [
  {
    order_number: 'ORD-5001',
    case_number: 'CASE-5001',
    borrower_name: 'Dana Whitaker',
    make: 'Toyota',
    model: 'Camry',
    year: 2019,
    vin: '4T1B11HK5KU123456',
  },
  {
    order_number: 'ORD-5002',
    case_number: 'CASE-5002',
    borrower_name: 'Lee Fontaine',
    make: 'Ford',
    model: 'F-150',
    year: 2021,
    vin: '1FTEW1EP7MFA98765',
  },
]

/** One order with every section of the detail filled (the order spec reads and edits it). */
export const E2E_FULL_ORDER = {
  order_number: 'ORD-5003',
  case_number: 'CASE-5003',
  status: 'Repossessed',
  priority: 'high',
  borrower_name: 'Avery Castillo',
  borrower_phone: '(251) 555-0143',
  borrower_address: '410 Dauphin St',
  borrower_city: 'Mobile',
  borrower_state: 'AL',
  borrower_zip: '36602',
  borrower_work_address: '1 Water St',
  borrower_work_city: 'Mobile',
  borrower_work_state: 'AL',
  borrower_work_zip: '36602',
  last_known_address: '410 Dauphin St',
  last_known_city: 'Mobile',
  last_known_state: 'AL',
  last_known_zip: '36602',
  last_spotted_location: '30.6954,-88.0399',
  last_spotted_at: '2025-03-01T15:30:00Z',
  recovery_location: '2200 Airport Blvd',
  recovery_city: 'Mobile',
  recovery_state: 'AL',
  recovery_zip: '36606',
  recovery_date: '2025-03-04',
  recovery_time: '6:15 AM',
  condition_notes: 'Dent on the driver door.',
  make: 'Honda',
  model: 'Accord',
  year: 2018,
  color: 'Blue',
  vin: withVinCheckDigit('1HGCV1F30JA123456'),
  license_plate: 'AL 2B71234',
  lienholder_name: 'Ally Bank',
  order_date: '2025-02-01',
  due_date: '2025-03-15',
}
export const E2E_CLIENT = { name: 'Ally Financial', lienholder_name: 'Ally Bank', client_code: 'ALLFIN-ALBA' }
export const E2E_FEE_CODES = ['DOLLYS_FEE', 'CLOSE_FEE_APPROVED']

/** Issue 17's walk from a recovery to a paid invoice: a client with no rate card yet, and its open order. */
export const E2E_INVOICE_CLIENT = { name: 'Harbor Auto Credit', lienholder_name: null, client_code: 'HARBOR' }
export const E2E_INVOICE_ORDER = {
  order_number: 'ORD-7001',
  case_number: 'CASE-7001',
  status: 'Open',
  borrower_name: 'Jordan Whitfield',
  vin: '2T1BURHE0JC012345',
  make: 'Toyota',
  model: 'Corolla',
  year: 2018,
  recovery_state: 'AL',
}

/** 63 external cases: 60 plain ones and three the specs look for. */
export const E2E_CASES = [
  ...Array.from({ length: 60 }, (_, index) => ({
    case_id: 3000 + index,
    case_number: `RDN-${3000 + index}`,
    status: index % 3 === 0 ? 'Repossessed' : 'Open',
    make: 'Nissan',
    model: 'Altima',
    year: 2017,
    vin: `1N4AL3AP8HC${String(100000 + index)}`,
    debtor_name: `Debtor ${index}`,
    lender_name: 'Ally Financial',
    order_date: `2025-0${1 + (index % 9)}-1${index % 10}`,
    detected_market: index % 2 === 0 ? 'Mobile' : 'Birmingham',
  })),
  {
    case_id: 7001,
    case_number: 'RDN-7001',
    status: 'Repossessed',
    make: 'Chevrolet',
    model: 'Silverado',
    year: 2020,
    vin: '3GCUYDED5LG123456',
    debtor_name: 'Morgan Direct',
    lender_name: 'GM Financial',
    storage_location_name: 'Copart Mobile',
    order_date: '2025-06-01',
    detected_market: 'Mobile',
    market_confidence: 95,
    market_detection_method: 'debtor_zip',
  },
  {
    case_id: 7003,
    case_number: 'RDN-7003',
    status: 'Open',
    make: 'Kia',
    debtor_name: 'Sam Unmapped',
    order_date: '2024-02-02',
    assigned_agent_id: 'RDN-AGENT-77',
    debtor_zip: '35801',
  },
  {
    case_id: 7002,
    case_number: null,
    status: 'Need Info',
    make: 'Jeep',
    debtor_name: 'Quinn Numberless',
    order_date: '2024-01-01',
  },
]

/** A second agency whose administrator imports and clears orders without touching the first's. */
export const IMPORT_AGENCY = { name: 'Import Test Agency', adminEmail: 'import-admin@e2e.test' }

/**
 * Issue 41: a company of its own whose client has no rate card yet, with a recovered RDN case whose
 * lender text names the client loosely; its draft offers to create the card, then is priced again.
 */
export const REPRICE_AGENCY = {
  name: 'Reprice Test Agency',
  managerEmail: 'reprice-manager@e2e.test',
  client: { name: 'Bayou Credit Union', lienholder_name: null, client_code: 'BAYOU' },
  case: {
    case_id: 4_141_001,
    case_number: 'RDN-4141001',
    status: 'Repossessed',
    lender_name: 'Bayou Credit Union, Inc.',
    vin: '1FTFW1E50JFA41410',
    make: 'Ford',
    model: 'F-150',
    year: 2018,
    debtor_name: 'Casey Marsh',
    recovery_state: 'LA',
  },
}

/** A company of its own for the role dashboards, one person per role. */
export const DASHBOARD_AGENCY = 'Dashboard Test Agency'

export function dashboardEmail(role: Role | string): string {
  return `${role.replace(/_/g, '-')}@dash.e2e.test`
}

/** A company of its own for the order changes spec: a field manager, agents and drivers of Mobile, one order. */
export const CHANGES_AGENCY = 'Order Changes Agency'
export const CHANGES_ORDER = { order_number: 'ORD-8001', case_number: 'CASE-8001', borrower_name: 'Morgan Ellis' }

export function changesEmail(role: Role | string): string {
  return `${role.replace(/_/g, '-')}@changes.e2e.test`
}

/**
 * Two companies alike for the assignment board and the map specs (each changes its own): a field
 * manager of Mobile, two agents, a camera car driver, cases around Mobile and one in Birmingham.
 */
export const MAP_AGENCIES = ['board', 'map'] as const
export type MapAgency = (typeof MAP_AGENCIES)[number]

export function mapEmail(
  who: 'admin' | 'field_manager' | 'agent' | 'other_agent' | 'camera_driver',
  agency: MapAgency,
): string {
  return `${who.replace(/_/g, '-')}@${agency}.map.e2e.test`
}

/** The payroll agency (e2e/seed-payroll.ts): a manager who pays, an agent who recovers, the order they recover. */
export const PAYROLL_ORDER = 'PAY-E2E-1'
export function payrollEmail(who: 'manager' | 'agent' | 'camera_driver'): string {
  return `${who.replace(/_/g, '-')}@payroll.e2e.test`
}

/** The holds agency (e2e/holds.spec.ts): two orders of its agent, one recovered On-Hook, one put on hold. */
export const HOLDS_AGENCY = 'Holds Agency'
export const HOLDS_ORDERS = {
  onHook: { order_number: 'ORD-9401', case_number: 'CASE-9401', borrower_name: 'Dana Hooke' },
  hold: { order_number: 'ORD-9402', case_number: 'CASE-9402', borrower_name: 'Lee Holden' },
}

export function holdsEmail(role: Role | string): string {
  return `${role.replace(/_/g, '-')}@holds.e2e.test`
}

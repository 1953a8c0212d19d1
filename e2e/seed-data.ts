import type { Role } from '../src/domain/auth/roles'

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

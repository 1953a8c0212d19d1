// The Orders list agency: a company of its own (so no other spec's counts move) with a manager,
// a recovery agent, two clients and 62 orders to filter, search, sort and page.
import type { Kysely } from 'kysely'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import type { DB } from '../src/server/db/schema'
import { E2E_ROLE_PASSWORD } from './seed-data'

export const ORDER_LIST_AGENCY = { name: 'Orders List Agency', managerEmail: 'manager@orders-list.e2e.test' }

/** 62 orders: 40 Open, 15 Closed, 5 Repossessed, 2 Auction; order N is dated N days after 2025-01-01. */
export const ORDER_LIST_STATUS_COUNTS = { Open: 40, Closed: 15, Repossessed: 5, Auction: 2 } as const

export async function seedOrderListAgency(db: Kysely<DB>) {
  const company = await db
    .insertInto('companies')
    .values({ name: ORDER_LIST_AGENCY.name })
    .returning('id')
    .executeTakeFirstOrThrow()
  await insertCredentialUser(db, {
    companyId: company.id,
    email: ORDER_LIST_AGENCY.managerEmail,
    password: E2E_ROLE_PASSWORD,
    firstName: 'Olive',
    lastName: 'Lister',
    role: 'manager',
    mustChangePassword: false,
  })
  const agent = await insertCredentialUser(db, {
    companyId: company.id,
    email: 'agent@orders-list.e2e.test',
    password: E2E_ROLE_PASSWORD,
    firstName: 'Rex',
    lastName: 'Runner',
    role: 'recovery_agent',
    mustChangePassword: false,
  })
  const clients = await db
    .insertInto('clients')
    .values([
      { company_id: company.id, name: 'Westlake Financial', client_code: 'WES' },
      { company_id: company.id, name: 'Santander Consumer', client_code: 'SAN' },
    ])
    .returning('id')
    .execute()
  const statuses = Object.entries(ORDER_LIST_STATUS_COUNTS).flatMap(([status, count]) =>
    Array.from({ length: count }, () => status),
  )
  const makes = ['Toyota', 'Honda', 'Ford', 'Nissan', 'Kia']
  const borrowers = ['Abbott', 'Baker', 'Carver', 'Dalton', 'Ellis', 'Fowler', 'Grant', 'Hughes']
  await db
    .insertInto('orders')
    .values(
      statuses.map((status, index) => {
        const n = index + 1
        const day = new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10)
        return {
          company_id: company.id,
          order_number: `OL-${1000 + n}`,
          case_number: `LIST-${1000 + n}`,
          status,
          priority: n % 10 === 0 ? 'high' : 'medium',
          borrower_name: `${borrowers[n % borrowers.length]} ${String.fromCharCode(65 + (n % 26))}. Test${n}`,
          make: makes[n % makes.length],
          model: 'Sedan',
          year: 2015 + (n % 8),
          vin: `VINLIST${String(n).padStart(10, '0')}`,
          license_plate: `PL${n}XQ`,
          client_id: clients[n % 2].id,
          detected_market: n % 3 === 0 ? 'Mobile' : n % 3 === 1 ? 'Birmingham' : null,
          assigned_agent_id: n % 4 === 0 ? agent.profileId : null,
          order_date: day,
          due_date: n % 5 === 0 ? null : day,
        }
      }),
    )
    .execute()
}

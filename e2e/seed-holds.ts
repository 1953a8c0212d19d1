// The holds agency (e2e/holds.spec.ts): its own company, so recovering and holding its orders never
// moves another spec's figures.
import type { Kysely } from 'kysely'
import type { Role } from '../src/domain/auth/roles'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import type { DB } from '../src/server/db/schema'
import { E2E_ROLE_PASSWORD, HOLDS_AGENCY, HOLDS_ORDERS, holdsEmail } from './seed-data'

export async function seedHoldsAgency(db: Kysely<DB>) {
  const company = await db
    .insertInto('companies')
    .values({ name: HOLDS_AGENCY })
    .returning('id')
    .executeTakeFirstOrThrow()
  const people: Array<{ first: string; last: string; role: Role }> = [
    { first: 'Hana', last: 'Manager', role: 'manager' },
    { first: 'Rory', last: 'Hook', role: 'recovery_agent' },
  ]
  const ids = new Map<Role, string>()
  for (const person of people) {
    const created = await insertCredentialUser(db, {
      companyId: company.id,
      email: holdsEmail(person.role),
      password: E2E_ROLE_PASSWORD,
      firstName: person.first,
      lastName: person.last,
      role: person.role,
      market: 'Mobile',
      mustChangePassword: false,
    })
    ids.set(person.role, created.profileId)
  }
  await db
    .insertInto('orders')
    .values(
      Object.values(HOLDS_ORDERS).map((order) => ({
        ...order,
        company_id: company.id,
        status: 'Open',
        priority: 'high',
        make: 'Ford',
        model: 'F-150',
        year: 2021,
        borrower_address: '12 Dauphin St',
        borrower_city: 'Mobile',
        borrower_state: 'AL',
        borrower_zip: '36602',
        detected_market: 'Mobile',
        assigned_agent_id: ids.get('recovery_agent'),
      })),
    )
    .execute()
}

// The order changes agency (e2e/order-changes.spec.ts): its own company, so changing its order's
// status and people never moves another spec's figures.
import type { Kysely } from 'kysely'
import type { Role } from '../src/domain/auth/roles'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import type { DB } from '../src/server/db/schema'
import { CHANGES_AGENCY, CHANGES_ORDER, changesEmail, E2E_ROLE_PASSWORD } from './seed-data'

export async function seedOrderChangesAgency(db: Kysely<DB>) {
  const company = await db
    .insertInto('companies')
    .values({ name: CHANGES_AGENCY })
    .returning('id')
    .executeTakeFirstOrThrow()
  const people: Array<{ email: string; first: string; last: string; role: Role; market: string }> = [
    { email: changesEmail('field_manager'), first: 'Fran', last: 'Fieldman', role: 'field_manager', market: 'Mobile' },
    { email: changesEmail('recovery_agent'), first: 'Riley', last: 'Agent', role: 'recovery_agent', market: 'Mobile' },
    { email: changesEmail('agent-2'), first: 'Sam', last: 'Second', role: 'recovery_agent', market: 'Mobile' },
    {
      email: changesEmail('agent-bham'),
      first: 'Bo',
      last: 'Birmingham',
      role: 'recovery_agent',
      market: 'Birmingham',
    },
    { email: changesEmail('camera_driver'), first: 'Casey', last: 'Driver', role: 'camera_driver', market: 'Mobile' },
  ]
  const ids = new Map<string, string>()
  for (const person of people) {
    const created = await insertCredentialUser(db, {
      companyId: company.id,
      email: person.email,
      password: E2E_ROLE_PASSWORD,
      firstName: person.first,
      lastName: person.last,
      role: person.role,
      market: person.market,
      mustChangePassword: false,
    })
    ids.set(person.email, created.profileId)
  }
  await db
    .insertInto('orders')
    .values({
      ...CHANGES_ORDER,
      company_id: company.id,
      status: 'Open',
      priority: 'medium',
      make: 'Nissan',
      model: 'Altima',
      year: 2020,
      detected_market: 'Mobile',
      assigned_agent_id: ids.get(changesEmail('recovery_agent')),
    })
    .execute()
}

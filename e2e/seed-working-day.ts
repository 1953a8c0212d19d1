// The working day agency (e2e/working-day.spec.ts): a company of its own for issue 41's whole day,
// so its imports, invoices, payments and pay periods never move another spec's figures. Ada
// administers, Max manages, Rex recovers (Mobile), Cam drives the camera car (Mobile), Lou keeps
// the lot and Pia handles what happens after the recovery. Bayou Lending pays in 30 days and has
// its vehicles handed over only once the debtor has paid the redemption quote.
import type { Kysely } from 'kysely'
import type { Role } from '../src/domain/auth/roles'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import type { DB } from '../src/server/db/schema'
import { E2E_ROLE_PASSWORD } from './seed-data'

export const WORKING_DAY = {
  agency: 'Working Day Agency',
  client: { name: 'Bayou Lending', lienholder_name: 'Bayou Bank', client_code: 'BAYOU', payment_terms_days: 30 },
  zip: '36602',
  market: 'Mobile',
} as const

export type WorkingDayPerson = 'admin' | 'manager' | 'agent' | 'driver' | 'lot' | 'post'

export const workingDayEmail = (who: WorkingDayPerson) => `${who}@workingday.e2e.test`

/** The people, by the names the screens show, and their roles. */
export const WORKING_DAY_PEOPLE: Record<WorkingDayPerson, { name: string; role: Role }> = {
  admin: { name: 'Ada Admin', role: 'admin' },
  manager: { name: 'Max Manager', role: 'manager' },
  agent: { name: 'Rex Recover', role: 'recovery_agent' },
  driver: { name: 'Cam Driver', role: 'camera_driver' },
  lot: { name: 'Lou Lotkeeper', role: 'lot_manager' },
  post: { name: 'Pia Post', role: 'post_recovery_manager' },
}

export async function seedWorkingDayAgency(db: Kysely<DB>) {
  const company = await db
    .insertInto('companies')
    .values({ name: WORKING_DAY.agency })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const [who, person] of Object.entries(WORKING_DAY_PEOPLE) as [
    WorkingDayPerson,
    { name: string; role: Role },
  ][]) {
    const [firstName, lastName] = person.name.split(' ')
    await insertCredentialUser(db, {
      companyId: company.id,
      email: workingDayEmail(who),
      password: E2E_ROLE_PASSWORD,
      firstName,
      lastName,
      role: person.role,
      market: person.role === 'recovery_agent' || person.role === 'camera_driver' ? WORKING_DAY.market : null,
      mustChangePassword: false,
    })
  }
  await db
    .insertInto('clients')
    .values({ ...WORKING_DAY.client, company_id: company.id, hand_over_needs_payment: true })
    .execute()
  await db
    .insertInto('market_zip_codes')
    .values({ company_id: company.id, zip_code: WORKING_DAY.zip, market: WORKING_DAY.market })
    .execute()
}

// The map agencies: two companies alike for the Agent Assignment and Case Location Map specs, so the
// cases they place, select and assign are theirs alone. Mobile's cases sit in three ZIPs of the
// city; one Birmingham order is outside the field manager's market.
import { type Kysely, sql } from 'kysely'
import type { Role } from '../src/domain/auth/roles'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import type { DB } from '../src/server/db/schema'
import { E2E_ROLE_PASSWORD, MAP_AGENCIES, type MapAgency, mapEmail } from './seed-data'

const MOBILE_ZIPS = ['36602', '36604', '36606']

export async function seedMapAgencies(db: Kysely<DB>) {
  for (const [index, agency] of MAP_AGENCIES.entries()) await seedMapAgency(db, agency, index)
}

async function seedMapAgency(db: Kysely<DB>, agency: MapAgency, index: number) {
  const company = await db
    .insertInto('companies')
    .values({ name: `Map Agency (${agency})` })
    .returning('id')
    .executeTakeFirstOrThrow()
  const person = (who: Parameters<typeof mapEmail>[0], role: Role, firstName: string, rdnIdNumber: string | null) =>
    insertCredentialUser(db, {
      companyId: company.id,
      email: mapEmail(who, agency),
      password: E2E_ROLE_PASSWORD,
      firstName,
      lastName: 'Mapper',
      role,
      market: role === 'admin' ? null : 'Mobile',
      rdnIdNumber,
      mustChangePassword: false,
    })
  await person('admin', 'admin', 'Ada', null)
  await person('field_manager', 'field_manager', 'Fern', null)
  const agent = await person('agent', 'recovery_agent', 'Avery', 'RDN-MAP-AV')
  await person('other_agent', 'recovery_agent', 'Blake', 'RDN-MAP-BL')
  await person('camera_driver', 'camera_driver', 'Casey', null)
  await db
    .insertInto('market_zip_codes')
    .values(
      [...MOBILE_ZIPS.map((zip) => [zip, 'Mobile']), ['35203', 'Birmingham']].map(([zip_code, market]) => ({
        company_id: company.id,
        zip_code,
        market,
      })),
    )
    .execute()
  await db
    .insertInto('market_lots')
    .values({
      company_id: company.id,
      market: 'Mobile',
      name: 'Mobile Storage Lot',
      address: '100 Lot Rd, Mobile, AL',
      latitude: 30.7,
      longitude: -88.1,
    })
    .execute()
  const client = await db
    .insertInto('clients')
    .values({ company_id: company.id, name: 'Bayou Credit', client_code: 'BAYOU' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('orders')
    .values([
      ...Array.from({ length: 6 }, (_, n) => ({
        company_id: company.id,
        order_number: `MAP-${n + 1}`,
        case_number: `MAP-${n + 1}`,
        status: 'Open',
        borrower_name: `Debtor ${n + 1}`,
        borrower_address: `${n + 10} Government St`,
        borrower_city: 'Mobile',
        borrower_state: 'AL',
        borrower_zip: MOBILE_ZIPS[n % 3],
        make: 'Ford',
        model: 'F-150',
        year: 2021,
        detected_market: 'Mobile',
        client_id: client.id,
      })),
      {
        company_id: company.id,
        order_number: 'MAP-MINE',
        case_number: 'MAP-MINE',
        status: 'Open',
        borrower_name: 'Jordan Stale',
        borrower_zip: '36602',
        detected_market: 'Mobile',
        assigned_agent_id: agent.profileId,
        agent_assigned_at: sql`now() - interval '6 days'`,
        make: 'Honda',
        model: 'Civic',
        client_id: client.id,
      },
      {
        company_id: company.id,
        order_number: 'MAP-BHM',
        case_number: 'MAP-BHM',
        status: 'Open',
        borrower_zip: '35203',
        detected_market: 'Birmingham',
      },
    ])
    .execute()
  await db
    .insertInto('rdn_cases')
    .values({
      company_id: company.id,
      case_id: 7_300_001 + index,
      case_number: 'RDN-MAP-1',
      status: 'Open',
      debtor_name: 'Riley Case',
      debtor_zip: '36604',
      detected_market: 'Mobile',
      lender_name: 'Bayou Credit',
      is_violent: true,
    })
    .execute()
}

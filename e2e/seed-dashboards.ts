// The dashboard agency: its own company, one person per role, and cases and orders dated from
// today, so every role's dashboard shows known figures whatever else the other specs change.
import type { Kysely } from 'kysely'
import { ROLES } from '../src/domain/auth/roles'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import type { DB } from '../src/server/db/schema'
import { DASHBOARD_AGENCY, dashboardEmail, E2E_ROLE_PASSWORD } from './seed-data'

const localDay = (daysAgo: number) => {
  const date = new Date(Date.now() - daysAgo * 86_400_000)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

export async function seedDashboardAgency(db: Kysely<DB>) {
  const company = await db
    .insertInto('companies')
    .values({ name: DASHBOARD_AGENCY })
    .returning('id')
    .executeTakeFirstOrThrow()
  const people = new Map<string, string>()
  for (const role of ROLES) {
    const ids = await insertCredentialUser(db, {
      companyId: company.id,
      email: dashboardEmail(role),
      password: E2E_ROLE_PASSWORD,
      firstName: 'Dana',
      lastName: role.replace(/_/g, ' '),
      role,
      market: ['recovery_agent', 'camera_driver', 'field_manager'].includes(role) ? 'Mobile' : null,
      rdnIdNumber: role === 'recovery_agent' ? 'RDN-E2E' : null,
      mustChangePassword: false,
    })
    people.set(role, ids.profileId)
  }
  const today = localDay(0)
  const cases = [
    { n: 1, status: 'Open', market: 'Mobile', agent: 'RDN-E2E', lender: 'Ally Financial' },
    { n: 2, status: 'Open', market: 'Mobile', lender: 'Ally Financial', updated_at: hoursAgo(72) },
    { n: 3, status: 'Open', market: 'Birmingham', lender: 'Chase Auto' },
    {
      n: 4,
      status: 'Repossessed',
      market: 'Mobile',
      agent: 'RDN-E2E',
      lender: 'Ally Financial',
      repo_date: today,
      storage: 'Birmingham Storage Yard',
    },
    {
      n: 5,
      status: 'Repossessed',
      market: 'Birmingham',
      lender: 'Chase Auto',
      repo_date: today,
      storage: 'Manheim Birmingham',
    },
    {
      n: 6,
      status: 'Pending Close',
      market: 'Mobile',
      lender: 'Ally Financial',
      repo_date: localDay(40),
      substatus: 'Vehicle Redemption Requested',
    },
    { n: 7, status: 'Closed', market: 'Mobile', lender: 'Ally Financial' },
    { n: 8, status: 'On Hold', market: 'Birmingham', lender: 'Chase Auto' },
  ]
  await db
    .insertInto('rdn_cases')
    .values(
      cases.map((row) => ({
        company_id: company.id,
        case_id: 700_000 + row.n,
        case_number: `DC-${row.n}`,
        status: row.status,
        detected_market: row.market,
        assigned_agent_id: row.agent ?? null,
        lender_name: row.lender,
        order_date: localDay(30),
        repo_date: row.repo_date ?? null,
        substatus: row.substatus ?? null,
        storage_location_name: row.storage ?? null,
        updated_at: row.updated_at ?? hoursAgo(1),
        year: 2020,
        make: 'Honda',
        model: 'Accord',
        color: 'Gray',
        debtor_name: `Debtor ${row.n}`,
        debtor_address: `${row.n} Dauphin St`,
        debtor_city: 'Mobile',
        debtor_state: 'AL',
        debtor_zip: '36602',
        recovery_address: '9 Recovery Rd',
        recovery_city: 'Mobile',
        recovery_state: 'AL',
      })),
    )
    .execute()
  const orders = [
    { n: 1, status: 'Open', agent: people.get('recovery_agent'), plate: 'AL 3BC-123' },
    { n: 2, status: 'Open', plate: 'AL 7XY-555' },
    { n: 3, status: 'Open', plate: 'AL 3BC-999' },
    { n: 4, status: 'Repossessed', vin: '1FTEW1EP7MFA98765', year: 2021, recovery_date: localDay(5) },
    { n: 5, status: 'Auction' },
  ]
  await db
    .insertInto('orders')
    .values(
      orders.map((row) => ({
        company_id: company.id,
        order_number: `DASH-${row.n}`,
        case_number: `DO-${row.n}`,
        status: row.status,
        detected_market: 'Mobile',
        assigned_agent_id: row.agent ?? null,
        license_plate: row.plate ?? null,
        vin: row.vin ?? null,
        year: row.year ?? 2019,
        make: 'Toyota',
        model: 'Camry',
        color: 'Blue',
        recovery_date: row.recovery_date ?? null,
        last_known_address: '410 Dauphin St',
        last_known_city: 'Mobile',
        last_known_state: 'AL',
        last_known_zip: '36602',
        order_date: localDay(10),
      })),
    )
    .execute()
  // Compliance: one document lapsing in 10 days (and awaiting its signature), one a year out.
  const type = await db
    .insertInto('compliance_document_types')
    .values({ company_id: company.id, name: 'Storage Lot License', category: 'Licenses' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const [lapsing] = await db
    .insertInto('compliance_documents')
    .values([
      {
        company_id: company.id,
        document_type_id: type.id,
        status: 'sent',
        effective_date: localDay(300),
        expiration_date: localDay(-10),
        notes: 'Renewal due',
      },
      {
        company_id: company.id,
        document_type_id: type.id,
        effective_date: localDay(30),
        expiration_date: localDay(-365),
        notes: 'Current license',
      },
    ])
    .returning('id')
    .execute()
  await db
    .insertInto('document_signature_requests')
    .values({
      company_id: company.id,
      compliance_document_id: lapsing.id,
      signature_token_hash: 'e2e-dashboard-request-not-a-real-token-hash',
      expires_at: new Date(Date.now() + 7 * 86_400_000),
      recipient_name: 'Dana Lot Owner',
      recipient_email: 'lot.owner@example.com',
    })
    .execute()
}

// The day of work agency (e2e/day-of-work.spec.ts): a company of its own, so a manager's and a field
// manager's changes, notes and the agents' notifications never move another spec's figures.
import type { Kysely } from 'kysely'
import type { Role } from '../src/domain/auth/roles'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import type { DB } from '../src/server/db/schema'
import { E2E_ROLE_PASSWORD } from './seed-data'

export const DAY_WORK_AGENCY = 'Day Work Agency'

export const dayWorkEmail = (who: 'manager' | 'field-manager' | 'agent-a' | 'agent-b') => `${who}@daywork.e2e.test`

/** The people, by the names the screens show. */
export const DAY_WORK_PEOPLE = {
  manager: 'Mia Manager',
  fieldManager: 'Finn Fieldman',
  agentA: 'Ava Anders',
  agentB: 'Ben Brooks',
} as const

/** Agent B's RDN agent id: the RDN case below is theirs through it. */
export const DAY_WORK_RDN_AGENT_ID = 'DW-AGENT-B'
export const DAY_WORK_CASE = { case_id: 9701, case_number: 'RDN-9701', debtor_name: 'Rory Casefile' }

const STATUSES = ['Open', 'Open', 'Need Info', 'Open', 'Repossessed', 'Open', 'Closed', 'Open', 'Open', 'Auction']
const BORROWERS = ['Whitfield', 'Nakamura', 'Delgado', 'Okafor', 'Brennan', 'Lindqvist']
const MAKES = [
  ['Toyota', 'Camry'],
  ['Honda', 'Civic'],
  ['Ford', 'Escape'],
  ['Chevrolet', 'Malibu'],
  ['Nissan', 'Rogue'],
] as const

/**
 * 30 orders of Mobile, DW-2001 to DW-2030: order n has status STATUSES[(n - 1) % 10] (18 Open),
 * borrower '<BORROWERS[n % 6]> <n>', client Harbor Credit when n is odd else Gulf Auto Finance,
 * order date 2025-03-<n>, agent A when n % 5 === 1, agent B when n % 5 === 2, nobody otherwise.
 */
export const DAY_WORK_ORDERS = Array.from({ length: 30 }, (_, index) => {
  const n = index + 1
  const [make, model] = MAKES[n % MAKES.length]
  return {
    n,
    case_number: `DW-${2000 + n}`,
    order_number: `DWO-${2000 + n}`,
    status: STATUSES[index % STATUSES.length],
    borrower_name: `${BORROWERS[n % BORROWERS.length]} ${n}`,
    make,
    model,
    year: 2016 + (n % 7),
    order_date: `2025-03-${String(n).padStart(2, '0')}`,
    agent: n % 5 === 1 ? ('agentA' as const) : n % 5 === 2 ? ('agentB' as const) : null,
    client: n % 2 === 1 ? 'Harbor Credit' : 'Gulf Auto Finance',
  }
})

export async function seedDayWorkAgency(db: Kysely<DB>) {
  const company = await db
    .insertInto('companies')
    .values({ name: DAY_WORK_AGENCY })
    .returning('id')
    .executeTakeFirstOrThrow()
  const people: Array<{
    key: keyof typeof DAY_WORK_PEOPLE
    email: string
    role: Role
    market: string | null
    rdnIdNumber?: string
  }> = [
    { key: 'manager', email: dayWorkEmail('manager'), role: 'manager', market: null },
    { key: 'fieldManager', email: dayWorkEmail('field-manager'), role: 'field_manager', market: 'Mobile' },
    { key: 'agentA', email: dayWorkEmail('agent-a'), role: 'recovery_agent', market: 'Mobile' },
    {
      key: 'agentB',
      email: dayWorkEmail('agent-b'),
      role: 'recovery_agent',
      market: 'Mobile',
      rdnIdNumber: DAY_WORK_RDN_AGENT_ID,
    },
  ]
  const ids = new Map<string, string>()
  for (const person of people) {
    const [firstName, lastName] = DAY_WORK_PEOPLE[person.key].split(' ')
    const created = await insertCredentialUser(db, {
      companyId: company.id,
      email: person.email,
      password: E2E_ROLE_PASSWORD,
      firstName,
      lastName,
      role: person.role,
      market: person.market,
      rdnIdNumber: person.rdnIdNumber,
      mustChangePassword: false,
    })
    ids.set(person.key, created.profileId)
  }
  const clients = await db
    .insertInto('clients')
    .values([
      { company_id: company.id, name: 'Harbor Credit', client_code: 'HAR' },
      { company_id: company.id, name: 'Gulf Auto Finance', client_code: 'GUL' },
    ])
    .returning(['id', 'name'])
    .execute()
  const clientId = new Map(clients.map((client) => [client.name, client.id]))
  await db
    .insertInto('orders')
    .values(
      DAY_WORK_ORDERS.map((order) => ({
        company_id: company.id,
        case_number: order.case_number,
        order_number: order.order_number,
        status: order.status,
        priority: order.n % 7 === 0 ? 'high' : 'medium',
        borrower_name: order.borrower_name,
        make: order.make,
        model: order.model,
        year: order.year,
        client_id: clientId.get(order.client),
        detected_market: 'Mobile',
        assigned_agent_id: order.agent ? ids.get(order.agent) : null,
        order_date: order.order_date,
      })),
    )
    .execute()
  await db
    .insertInto('rdn_cases')
    .values({
      ...DAY_WORK_CASE,
      company_id: company.id,
      status: 'Open',
      make: 'GMC',
      model: 'Sierra',
      year: 2019,
      order_date: '2025-03-15',
      detected_market: 'Mobile',
      assigned_agent_id: DAY_WORK_RDN_AGENT_ID,
    })
    .execute()
}

import type { TestApp } from '../../test/harness'

/** The person's day every dashboard test reads from: a Wednesday (the week began on Monday the 16th). */
export const TODAY = '2026-11-18'

type CaseSeed = {
  case_id: number
  status: string
  market?: string
  agent?: string | null
  lender?: string
  order_date?: string
  repo_date?: string | null
  substatus?: string | null
  storage?: string | null
  updated_at?: string
  plate?: string
}

type OrderSeed = {
  order_number: string
  status?: string
  market?: string | null
  agent?: string | null
  plate?: string
  keys?: boolean
  recovery_date?: string | null
  vin?: string
  year?: number
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

/**
 * One company's fixed day: people in each field role (agents known by an RDN mapping or their
 * own RDN number), RDN cases and imported orders across markets, statuses and dates.
 */
export async function seedDashboardCompany(t: TestApp, companyId = t.companyId) {
  const db = t.db
  const person = async (role: string, market: string | null, rdnId: string | null = null) => {
    const user = await t.createUser(role, companyId)
    await db.updateTable('profiles').set({ market, rdn_id_number: rdnId }).where('id', '=', user.profileId).execute()
    return user
  }
  const agent = await person('recovery_agent', 'Mobile', 'RDN-OWN')
  const otherAgent = await person('recovery_agent', 'Birmingham', 'RDN-9')
  const driver = await person('camera_driver', 'Mobile')
  const mobileManager = await person('field_manager', 'Mobile')
  const birminghamManager = await person('field_manager', 'Birmingham')
  await db
    .insertInto('rdn_agent_mappings')
    .values({ company_id: companyId, rdn_agent_id: 'RDN-MAPPED', profile_id: agent.profileId })
    .execute()

  const cases: CaseSeed[] = [
    { case_id: 1, status: 'Open', market: 'Mobile', agent: 'RDN-MAPPED', lender: 'Ally', order_date: '2026-10-01' },
    {
      case_id: 2,
      status: 'Open',
      market: 'Mobile',
      agent: 'RDN-OWN',
      lender: 'Ally',
      order_date: '2026-10-02',
      updated_at: hoursAgo(72),
    },
    { case_id: 3, status: 'Open', market: 'Birmingham', agent: 'RDN-9', lender: 'Chase', updated_at: hoursAgo(49) },
    // Repossessed this week (Tuesday) by the agent, 20 days after the order.
    {
      case_id: 4,
      status: 'Repossessed',
      market: 'Mobile',
      agent: 'RDN-MAPPED',
      lender: 'Ally',
      order_date: '2026-10-28',
      repo_date: '2026-11-17',
      storage: 'Birmingham Storage Yard',
    },
    // Repossessed earlier this month, stored at a Direct Drop location.
    {
      case_id: 5,
      status: 'Repossessed',
      market: 'Birmingham',
      agent: 'RDN-9',
      lender: 'Chase',
      order_date: '2026-10-01',
      repo_date: '2026-11-03',
      storage: 'Manheim Birmingham',
    },
    // Repossessed last month, now pending close with a redemption under way.
    {
      case_id: 6,
      status: 'Pending Close',
      market: 'Mobile',
      agent: 'RDN-OWN',
      lender: 'Ally',
      order_date: '2026-09-01',
      repo_date: '2026-10-11',
      substatus: 'Vehicle Redemption Requested | Keys',
    },
    { case_id: 7, status: 'Closed', market: 'Mobile', lender: 'Ally', updated_at: hoursAgo(500) },
    { case_id: 8, status: 'On Hold', market: 'Birmingham', lender: 'Chase', updated_at: hoursAgo(10) },
    { case_id: 9, status: 'Auction', market: 'Mobile', storage: 'Mobile Lot 2', lender: 'Ally' },
    { case_id: 10, status: 'Office Transfer', market: 'Birmingham', lender: 'Chase', storage: 'Montgomery yard' },
  ]
  await db
    .insertInto('rdn_cases')
    .values(
      cases.map((row) => ({
        company_id: companyId,
        case_id: row.case_id,
        case_number: `C-${row.case_id}`,
        status: row.status,
        detected_market: row.market ?? 'Unknown',
        assigned_agent_id: row.agent ?? null,
        lender_name: row.lender ?? null,
        order_date: row.order_date ?? '2026-11-01',
        repo_date: row.repo_date ?? null,
        substatus: row.substatus ?? null,
        storage_location_name: row.storage ?? null,
        updated_at: row.updated_at ?? hoursAgo(1),
        make: 'Ford',
        model: 'F-150',
        year: 2020,
        debtor_name: `Debtor ${row.case_id}`,
        debtor_address: `${row.case_id} Main St`,
        debtor_city: 'Mobile',
        debtor_state: 'AL',
        debtor_zip: '36602',
        recovery_address: '9 Recovery Rd',
        recovery_city: 'Mobile',
        recovery_state: 'AL',
      })),
    )
    .execute()

  const orders: OrderSeed[] = [
    { order_number: 'O-1', market: 'Mobile', agent: agent.profileId, plate: 'AL 3BC-123' },
    { order_number: 'O-2', market: 'Mobile', plate: 'AL 7XY-555' },
    { order_number: 'O-3', market: 'Mobile', plate: 'AL 3BC-999' },
    { order_number: 'O-4', market: 'Birmingham', plate: 'AL 3BC-000' },
    { order_number: 'O-5', market: 'Birmingham', agent: otherAgent.profileId },
    {
      order_number: 'O-6',
      status: 'Repossessed',
      market: 'Mobile',
      keys: false,
      recovery_date: '2026-11-08',
      vin: '1FTEW1EP7MFA98765',
      year: 2021,
    },
    { order_number: 'O-7', status: 'Repossessed', market: 'Mobile', keys: true, recovery_date: '2026-11-10' },
    { order_number: 'O-8', status: 'Auction', market: 'Mobile' },
  ]
  const orderIds = new Map<string, string>()
  for (const row of orders) {
    const inserted = await db
      .insertInto('orders')
      .values({
        company_id: companyId,
        order_number: row.order_number,
        case_number: `CN-${row.order_number}`,
        status: row.status ?? 'Open',
        detected_market: row.market ?? null,
        assigned_agent_id: row.agent ?? null,
        license_plate: row.plate ?? null,
        keys_obtained: row.keys ?? false,
        recovery_date: row.recovery_date ?? null,
        make: 'Toyota',
        model: 'Camry',
        year: row.year ?? 2019,
        color: 'Blue',
        vin: row.vin ?? null,
        last_known_city: 'Mobile',
        last_known_state: 'AL',
        last_known_zip: '36602',
        order_date: '2026-11-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    orderIds.set(row.order_number, inserted.id)
  }
  // The agent finished O-7 on Monday of this week.
  await db
    .insertInto('repo_completions')
    .values({
      company_id: companyId,
      order_id: orderIds.get('O-7') as string,
      agent_id: agent.profileId,
      completed_at: `${TODAY}T09:00:00`,
    })
    .execute()
  return { agent, otherAgent, driver, mobileManager, birminghamManager, orderIds }
}

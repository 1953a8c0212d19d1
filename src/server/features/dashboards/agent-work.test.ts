import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

// Issue 41: one meaning of open work and of days to recovery on every screen that counts an
// agent's work, and the management dashboard counting orders beside RDN cases.

let t: TestApp
type User = Awaited<ReturnType<TestApp['createUser']>>
let admin: User
let dee: User
const TODAY = '2026-11-18'

const daysBefore = (iso: string, days: number) => sql<Date>`${iso}::timestamptz - ${`${days} days`}::interval`

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  dee = await t.createUser('recovery_agent')
  await t.db
    .updateTable('profiles')
    .set({ market: 'Mobile', first_name: 'Dee', last_name: 'Agent', rdn_id_number: 'RDN-DEE' })
    .where('id', '=', dee.profileId)
    .execute()
  const order = (label: string, status: string, values: Record<string, unknown> = {}) => ({
    company_id: t.companyId,
    order_number: label,
    status,
    detected_market: 'Mobile',
    assigned_agent_id: dee.profileId,
    order_date: '2026-09-01',
    ...values,
  })
  await t.db
    .insertInto('orders')
    .values([
      order('W-OPEN', 'Open'),
      order('W-INFO', 'Need Info'),
      order('W-HOLD', 'Pending On Hold'),
      order('W-CLOSED', 'Closed'),
      // Recovered 10 days after Dee was put on it.
      order('W-REPO', 'Repossessed', {
        recovery_date: '2026-11-12',
        agent_assigned_at: daysBefore('2026-11-12T15:00:00Z', 10),
      }),
      // Nobody's, repossessed this week (Monday the 16th).
      order('W-WEEK', 'Repossessed', { assigned_agent_id: null, recovery_date: '2026-11-16' }),
    ])
    .execute()
  const rdnCase = (caseId: number, status: string, values: Record<string, unknown> = {}) => ({
    company_id: t.companyId,
    case_id: caseId,
    case_number: `W-${caseId}`,
    status,
    detected_market: 'Mobile',
    assigned_agent_id: 'RDN-DEE',
    order_date: '2026-09-01',
    ...values,
  })
  await t.db
    .insertInto('rdn_cases')
    .values([
      rdnCase(1, 'Open'),
      rdnCase(2, 'On Hold'),
      rdnCase(3, 'Pending On Hold'),
      rdnCase(4, 'Pending Close'),
      // Marked repossessed (no repo date) 6 days after assignment.
      rdnCase(5, 'Repossessed', {
        time_marked_repossessed: sql`'2026-11-10T18:00:00Z'::timestamptz`,
        agent_assigned_at: daysBefore('2026-11-10T12:00:00Z', 6),
      }),
    ])
    .execute()
})
afterAll(() => t?.close())

const get = async (path: string, user: User) => {
  const response = await t.request('GET', path, { cookie: user.cookie })
  expect(response.status, JSON.stringify(response.json)).toBe(200)
  return response.json
}

describe('one meaning of open work (issue 41)', () => {
  it('gives an agent with open orders and RDN cases the same open count on the board and his dashboard', async () => {
    const figures = await get('/api/assignments/figures', admin)
    const board = figures.agents.find((agent: { id: string }) => agent.id === dee.profileId)
    const people = await get('/api/assignments/people', admin)
    const dashboard = await get(`/api/dashboards/recovery-agent?today=${TODAY}`, dee)
    // Open, Need Info and Pending On Hold orders; Open, On Hold and Pending On Hold RDN cases.
    expect(board.open).toBe(6)
    expect(people.agents.find((agent: { id: string }) => agent.id === dee.profileId).load).toBe(6)
    expect(dashboard.openCount).toBe(6)
    // Issue 44: the held ones (On Hold, Pending On Hold) are open work, but not listed to recover or assign.
    const held = ['On Hold', 'Pending On Hold']
    const listed = dashboard.assignments.filter((item: { status: string }) => !held.includes(item.status))
    expect(dashboard.assignments).toEqual(listed)
    expect(dashboard.assignments).toHaveLength(3)
    const onBoard = await get(`/api/assignments/board?agent=${dee.profileId}`, admin)
    expect(onBoard.total).toBe(3)
  })

  it("counts the field manager's open orders per agent the same way", async () => {
    const body = await get('/api/dashboards/field-manager', admin)
    expect(body.openByAgent).toContainEqual(expect.objectContaining({ agentId: dee.profileId, count: 3 }))
  })
})

describe('one meaning of days to recovery (issue 41)', () => {
  it('averages whole days from assignment to the repossession on the board and the management dashboard', async () => {
    const figures = await get('/api/assignments/figures', admin)
    const board = figures.agents.find((agent: { id: string }) => agent.id === dee.profileId)
    // 10 days (the order) and 6 (the RDN case, marked repossessed without a repo date): 8 on average.
    expect(board).toMatchObject({ recovered: 2, averageDaysToRecovery: 8 })
    const management = await get(`/api/dashboards/management?today=${TODAY}`, admin)
    const row = management.byAgent.find((agent: { profileId: string }) => agent.profileId === dee.profileId)
    expect(row).toMatchObject({ repossessed: 2, averageDaysToRecovery: 8 })
    expect(row.assigned).toMatchObject({ count: 10, orders: 5, rdnCases: 5 })
  })
})

describe('the management dashboard counts orders and RDN cases (issue 41)', () => {
  it('counts an order repossessed this week in Repossessed this week', async () => {
    const { figures, recoveries } = await get(`/api/dashboards/management?today=${TODAY}`, admin)
    expect(figures.repossessedWeek).toMatchObject({ count: 1, orders: 1, rdnCases: 0 })
    // The month: W-REPO and W-WEEK (orders) and case 5, whose marked moment gives it a repo date (migration 039).
    expect(figures.repossessedMonth).toMatchObject({ count: 3, orders: 2, rdnCases: 1 })
    expect(figures.open).toMatchObject({ count: 6, orders: 3, rdnCases: 3 })
    expect(recoveries.at(-1)).toMatchObject({ weekStart: '2026-11-16', count: 1, orders: 1 })
  })
})

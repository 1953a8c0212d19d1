import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { caseListSearchParams } from '../../../domain/cases/case-list-search'
import { createTestApp, type TestApp } from '../../test/harness'
import { seedDashboardCompany, TODAY } from './dashboard-fixtures'

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
let seeded: Awaited<ReturnType<typeof seedDashboardCompany>>
beforeAll(async () => {
  t = await createTestApp()
  seeded = await seedDashboardCompany(t)
  manager = await t.createUser('manager')
})
afterAll(() => t?.close())

type Linked = { count: number; filters: Record<string, unknown> | null }

const dashboard = async (cookie = manager.cookie) =>
  (await t.request('GET', `/api/dashboards/management?today=${TODAY}`, { cookie })).json

/** What the case list says for a figure's filters: the click-through must show exactly that many. */
async function caseListTotal(filters: Record<string, unknown>) {
  const search = caseListSearchParams(filters)
  const response = await t.request('GET', `/api/cases?${search}`, { cookie: manager.cookie })
  expect(response.status).toBe(200)
  return response.json.total as number
}

describe('management dashboard', () => {
  it('counts open, repossessed this week and month, closed, on hold and stale orders and RDN cases', async () => {
    const { figures, stale } = await dashboard()
    // Open work (domain/agent-work): RDN cases 1-3 and 8 (On Hold), orders O-1 to O-5.
    expect(figures.open).toMatchObject({ count: 9, rdnCases: 4, orders: 5 })
    expect(figures.repossessedWeek).toMatchObject({ count: 1, rdnCases: 1, orders: 0 })
    // Cases 4 and 5, orders O-6 and O-7.
    expect(figures.repossessedMonth).toMatchObject({ count: 4, rdnCases: 2, orders: 2 })
    expect(figures.closed.count).toBe(1)
    expect(figures.onHold.count).toBe(1)
    // Unfinished and untouched for over 48 hours: cases 2 (72 h) and 3 (49 h); the closed one does not count.
    expect(stale.count).toBe(2)
    expect(stale.cases.map((item: { number: string }) => item.number)).toEqual(['C-2', 'C-3'])
    expect(stale.cases[0].href).toBe('/cases/2')
  })

  it('gives every figure filters under which the case list shows its RDN cases', async () => {
    const body = await dashboard()
    const linked: Linked[] = [
      ...Object.values(body.figures as Record<string, Linked>),
      body.stale,
      ...body.recoveries,
      ...body.byMarket.flatMap((row: Record<string, Linked>) => [row.total, row.open, row.repossessedMonth]),
      ...body.byClient.flatMap((row: Record<string, Linked>) => [row.total, row.open]),
      ...body.byAgent.map((row: { assigned: Linked }) => row.assigned),
    ]
    expect(linked.length).toBeGreaterThan(20)
    for (const figure of linked) {
      if (!figure.filters) continue
      const { rdnCases } = figure as Linked & { rdnCases: number }
      expect({ filters: figure.filters, total: await caseListTotal(figure.filters) }).toEqual({
        filters: figure.filters,
        total: rdnCases,
      })
    }
  })

  it('charts recoveries by week and tables markets, clients and agents', async () => {
    const body = await dashboard()
    expect(body.recoveries).toHaveLength(12)
    expect(body.recoveries.at(-1)).toMatchObject({ weekStart: '2026-11-16', count: 1 })
    // Case 5 (Nov 3) and order O-6 (Nov 8); order O-7 (Nov 10) the week after.
    expect(body.recoveries.at(-3)).toMatchObject({ weekStart: '2026-11-02', count: 2, rdnCases: 1, orders: 1 })
    expect(body.recoveries.at(-2)).toMatchObject({ weekStart: '2026-11-09', count: 1, rdnCases: 0, orders: 1 })
    // 2026-10-11 is a Sunday: the last day of the week that began on the 5th.
    expect(body.recoveries.at(-7)).toMatchObject({ weekStart: '2026-10-05', count: 1 })
    const mobile = body.byMarket.find((row: { market: string }) => row.market === 'Mobile')
    // Six RDN cases and six orders; open: cases 1-2 and O-1 to O-3; this month: case 4, O-6 and O-7.
    expect([mobile.total.count, mobile.open.count, mobile.repossessedMonth.count]).toEqual([12, 5, 3])
    expect(body.byClient[0]).toMatchObject({ client: 'Ally', repossessed: 2, total: { count: 6 }, open: { count: 2 } })
    expect(body.byClient[0].recoveryRate).toBeCloseTo(2 / 6)
    // The agent's two RDN ids (a mapping and their own number) are one row with their order O-1:
    // 4 RDN cases and an order, 2 recovered.
    const agentRow = body.byAgent.find((row: { profileId: string }) => row.profileId === seeded.agent.profileId)
    expect(agentRow).toMatchObject({ agent: 'Test recovery_agent', repossessed: 2, recoveryRate: 0.4 })
    expect(agentRow.assigned).toEqual({ count: 5, filters: { agent: seeded.agent.profileId }, rdnCases: 4, orders: 1 })
    // Assigned (stamped at insert) after their repossessions, so from the order date: case 4,
    // 2026-10-28 to 2026-11-17, is 20 days; case 6, 2026-09-01 to 2026-10-11, is 40.
    expect(agentRow.averageDaysToRecovery).toBe(30)
  })

  it("shows another company nothing of this one's, and refuses field roles", async () => {
    const outsider = await t.createUser('admin', await t.createCompany('Elsewhere'))
    const other = await dashboard(outsider.cookie)
    expect(other.figures.open.count).toBe(0)
    expect(other.byMarket).toEqual([])
    expect(other.byAgent).toEqual([])
    expect((await t.request('GET', '/api/dashboards/management', { cookie: seeded.agent.cookie })).status).toBe(403)
    expect(
      (await t.request('GET', '/api/dashboards/management?today=2026-13-01', { cookie: manager.cookie })).status,
    ).toBe(400)
  })
})

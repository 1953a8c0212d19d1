import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { caseRecoveredOn, daysToRecoverySql, recoveredSql } from '../../queries/agent-work-sql'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = (await t.createUser('manager')).cookie
})
afterAll(() => t?.close())

async function facetCounts() {
  const rows = await t.db
    .selectFrom('rdn_case_counts')
    .select(['status', 'detected_market', 'cases'])
    .where('company_id', '=', t.companyId)
    .where('cases', '>', 0)
    .orderBy('status')
    .orderBy('detected_market')
    .execute()
  return rows.map((row) => `${row.status}/${row.detected_market}=${Number(row.cases)}`)
}

describe('exact totals from the per-status-and-market counts', () => {
  it('stay exact through inserts, updates and deletes', async () => {
    await t.db
      .insertInto('rdn_cases')
      .values([
        { company_id: t.companyId, case_id: 1, status: 'Open', detected_market: 'Mobile' },
        { company_id: t.companyId, case_id: 2, status: 'Open', detected_market: 'Mobile' },
        { company_id: t.companyId, case_id: 3, status: null },
      ])
      .execute()
    expect(await facetCounts()).toEqual(['/Unknown=1', 'Open/Mobile=2'])
    await t.db.updateTable('rdn_cases').set({ status: 'Repossessed' }).where('case_id', '=', 2).execute()
    expect(await facetCounts()).toEqual(['/Unknown=1', 'Open/Mobile=1', 'Repossessed/Mobile=1'])
    await t.db.deleteFrom('rdn_cases').where('case_id', 'in', [1, 3]).execute()
    expect(await facetCounts()).toEqual(['Repossessed/Mobile=1'])
    await t.db.deleteFrom('rdn_cases').where('company_id', '=', t.companyId).execute()
  })

  it('give the list an exact total beyond the cap when there is no search or date filter', async () => {
    await sql`insert into rdn_cases (company_id, case_id, status, detected_market, order_date)
      select ${t.companyId}::uuid, g, case when g % 2 = 0 then 'Open' else 'Closed' end, 'Mobile', date '2025-01-01'
      from generate_series(1, 10500) g`.execute(t.db)
    const all = await t.request('GET', '/api/cases', { cookie })
    expect(all.json).toMatchObject({ total: 10500, totalIsCapped: false })
    const open = await t.request('GET', '/api/cases?status=Open&market=Mobile', { cookie })
    expect(open.json).toMatchObject({ total: 5250, totalIsCapped: false })
    const dated = await t.request('GET', '/api/cases?from=2025-01-01', { cookie })
    expect(dated.json).toMatchObject({ total: 10000, totalIsCapped: true })
  })
})

describe('per lender, agent and status counts (the management dashboard and the board)', () => {
  // Issue 41: recovered and days to recovery as agent-work-sql.ts counts them, the triggers' counts equal.
  const on = caseRecoveredOn('c')
  const days = daysToRecoverySql('c', on)
  const fresh = sql<{ key: string }>`
    select concat_ws('/', coalesce(lender_name, ''), coalesce(assigned_agent_id, ''), coalesce(status, ''),
      count(*), count(*) filter (where ${recoveredSql('c', on)}), count(${days}), coalesce(sum(${days}), 0)) as key
    from rdn_cases c group by lender_name, assigned_agent_id, status order by 1`
  const kept = sql<{ key: string }>`
    select concat_ws('/', lender_name, assigned_agent_id, status, cases, repossessed, timed, days) as key
    from rdn_case_group_counts where cases <> 0 order by 1`
  const keys = async (query: typeof fresh) => (await query.execute(t.db)).rows.map((row) => row.key)

  it('equal a fresh count of the cases through inserts, updates and deletes', async () => {
    await t.db.deleteFrom('rdn_cases').execute()
    await t.db
      .insertInto('rdn_cases')
      .values([
        { company_id: t.companyId, case_id: 51, status: 'Open', lender_name: 'Ally', assigned_agent_id: 'A-1' },
        {
          company_id: t.companyId,
          case_id: 52,
          status: 'Repossessed',
          lender_name: 'Ally',
          assigned_agent_id: 'A-1',
          order_date: '2026-01-01',
          repo_date: '2026-01-11',
        },
        { company_id: t.companyId, case_id: 53, status: null, lender_name: null, assigned_agent_id: null },
        // Marked repossessed (no repo date) four days after the agent was put on it.
        {
          company_id: t.companyId,
          case_id: 54,
          status: 'Repossessed',
          lender_name: 'Chase',
          assigned_agent_id: 'A-3',
          order_date: '2026-01-01',
          agent_assigned_at: new Date('2026-03-01T10:00:00Z'),
          time_marked_repossessed: new Date('2026-03-05T20:00:00Z'),
        },
      ])
      .execute()
    expect(await keys(kept)).toEqual(await keys(fresh))
    // Assigned (stamped at insert) after its repossession: counted from the order date.
    expect(await keys(kept)).toContain('Ally/A-1/Repossessed/1/1/1/10')
    expect(await keys(kept)).toContain('Chase/A-3/Repossessed/1/1/1/4')

    await t.db
      .updateTable('rdn_cases')
      .set({ status: 'Repossessed', order_date: '2026-02-01', repo_date: '2026-02-04', assigned_agent_id: 'A-2' })
      .where('case_id', '=', 51)
      .execute()
    expect(await keys(kept)).toEqual(await keys(fresh))
    await t.db.deleteFrom('rdn_cases').where('case_id', '=', 52).execute()
    expect(await keys(kept)).toEqual(await keys(fresh))
    expect(await keys(kept)).toEqual(['///1/0/0/0', 'Ally/A-2/Repossessed/1/1/1/3', 'Chase/A-3/Repossessed/1/1/1/4'])
    await sql`truncate rdn_cases cascade`.execute(t.db)
    expect(await keys(kept)).toEqual([])
  })
})

describe('stale cases', () => {
  it('count exactly in the case list beyond the cap, as the dashboard figure does', async () => {
    await sql`insert into rdn_cases (company_id, case_id, status, detected_market, updated_at)
      select ${t.companyId}::uuid, 800000 + g, case when g % 10 = 0 then 'Closed' else 'Open' end, 'Mobile',
        now() - interval '72 hours'
      from generate_series(1, 12000) g`.execute(t.db)
    await t.db
      .insertInto('rdn_cases')
      .values({ company_id: t.companyId, case_id: 900001, status: 'Open', detected_market: 'Mobile' })
      .execute()
    const stale = await t.request('GET', '/api/cases?stale=true', { cookie })
    expect(stale.json).toMatchObject({ total: 10800, totalIsCapped: false })
    const staleInMobile = await t.request('GET', '/api/cases?stale=true&market=Mobile&status=Open', { cookie })
    expect(staleInMobile.json).toMatchObject({ total: 10800, totalIsCapped: false })
  })
})

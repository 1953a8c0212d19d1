import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencyDayOf } from '../../../domain/formats/agency-time'
import { createTestApp, type TestApp } from '../../test/harness'
import { caseRecoveries } from './activity-repository'
import type { CaseFilter } from './repository'

// The map's activity layers and heat map (issue 19): recoveries and camera finds over a period, by place.

type User = Awaited<ReturnType<TestApp['createUser']>>
let t: TestApp
let admin: User
let agent: User
let fieldManager: User
let clientId: string

const DAY = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY)
/** The agency's day some days ago: an order's recovery_date is one (issue 41). */
const dayText = (days: number) => agencyDayOf(daysAgo(days))

beforeAll(async () => {
  t = await createTestApp()
  ;[admin, agent, fieldManager] = await Promise.all([
    t.createUser('admin'),
    t.createUser('recovery_agent'),
    t.createUser('field_manager'),
  ])
  const driver = await t.createUser('camera_driver')
  await t.db.updateTable('profiles').set({ rdn_id_number: 'RDN-AG-9' }).where('id', '=', agent.profileId).execute()
  await t.db.updateTable('profiles').set({ market: 'Mobile' }).where('id', '=', fieldManager.profileId).execute()
  clientId = (
    await t.db
      .insertInto('clients')
      .values({ company_id: t.companyId, name: 'Heat Credit', client_code: 'HEAT' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  const other = await t.createCompany('Other Activity Co')
  const order = (companyId: string, n: number, values: Record<string, unknown>) => ({
    company_id: companyId,
    order_number: `ACT-${n}`,
    status: 'Repossessed',
    ...values,
  })
  const orders = await t.db
    .insertInto('orders')
    .values([
      // Recovered in Mobile two days ago: placed by its recovery ZIP, not its home.
      order(t.companyId, 1, {
        recovery_date: dayText(2),
        recovery_zip: '36602',
        borrower_zip: '35203',
        detected_market: 'Mobile',
        assigned_agent_id: agent.profileId,
        client_id: clientId,
      }),
      // No recovery ZIP: placed where the map shows it (its home).
      order(t.companyId, 2, { recovery_date: dayText(10), borrower_zip: '35203', detected_market: 'Birmingham' }),
      order(t.companyId, 3, { recovery_date: dayText(60), borrower_zip: '35203', detected_market: 'Birmingham' }),
      // No ZIP at all: counted, unplaced.
      order(t.companyId, 4, { recovery_date: dayText(1), detected_market: 'Birmingham' }),
      order(t.companyId, 5, { status: 'Open', borrower_zip: '36602', detected_market: 'Mobile' }),
      order(other, 6, { recovery_date: dayText(1), recovery_zip: '36602', detected_market: 'Mobile' }),
    ])
    .returning(['id', 'order_number'])
    .execute()
  const orderId = (number: string) => orders.find((row) => row.order_number === number)?.id as string
  await t.db
    .insertInto('rdn_cases')
    .values([
      {
        company_id: t.companyId,
        case_id: 7_700_001,
        case_number: 'RDN-ACT-1',
        status: 'Repossessed',
        debtor_zip: '36604',
        detected_market: 'Mobile',
        assigned_agent_id: 'RDN-AG-9',
        time_marked_repossessed: daysAgo(3),
      },
      { company_id: t.companyId, case_id: 7_700_002, status: 'Open', debtor_zip: '36604', detected_market: 'Mobile' },
    ])
    .execute()
  const find = (id: string, days: number, companyId = t.companyId) => ({
    company_id: companyId,
    order_id: id,
    driver_id: driver.profileId,
    found_at: daysAgo(days),
  })
  await t.db
    .insertInto('ccd_finds')
    .values([
      find(orderId('ACT-5'), 0.5),
      find(orderId('ACT-5'), 4),
      find(orderId('ACT-2'), 40),
      find(orderId('ACT-6'), 1, other),
    ])
    .execute()
})
afterAll(() => t?.close())

const activity = (query: string, user: User = admin) =>
  t.request('GET', `/api/map/activity${query}`, { cookie: user.cookie })
const byKey = (places: { key: string; count: number }[]) =>
  Object.fromEntries(places.map((place) => [place.key, place.count]))

describe('Case Location Map activity', () => {
  it('counts the last 30 days’ recoveries by ZIP3 area in a wide view, by ZIP closer in', async () => {
    const wide = await activity('')
    expect(wide.status, JSON.stringify(wide.json)).toBe(200)
    expect(wide.json).toMatchObject({ kind: 'recoveries', window: '30d', total: 4, unplaced: 1 })
    expect(byKey(wide.json.places)).toEqual({ '366': 2, '352': 1 })
    expect(wide.json.places[0]).toEqual({
      key: '366',
      lat: expect.closeTo(30.68, 1),
      lng: expect.closeTo(-88.1, 1),
      count: 2,
    })
    const close = await activity('?kind=recoveries&zoom=10')
    expect(byKey(close.json.places)).toEqual({ '36602': 1, '36604': 1, '35203': 1 })
  })

  it('windows by when the recovery happened: 24 hours, 7 days, a custom period', async () => {
    expect((await activity('?window=7d')).json).toMatchObject({ window: '7d', total: 3, unplaced: 1 })
    expect((await activity('?window=24h')).json.total).toBe(1)
    const custom = await activity(`?window=custom&from=${dayText(61)}&to=${dayText(59)}&zoom=9`)
    expect(custom.json).toMatchObject({ total: 1, places: [{ key: '35203', count: 1 }] })
  })

  it('counts camera finds at their order’s place', async () => {
    const finds = await activity('?kind=finds&zoom=12')
    expect(finds.json).toMatchObject({ kind: 'finds', total: 2, unplaced: 0, places: [{ key: '36602', count: 2 }] })
    expect((await activity('?kind=finds&window=24h')).json.total).toBe(1)
    expect((await activity('?kind=finds&window=custom&from=2020-01-01&to=2020-01-31')).json).toMatchObject({
      total: 0,
      places: [],
    })
  })

  it('keeps to the viewer’s scope and the filters', async () => {
    // A recovery agent: their order and their RDN case; a field manager: their market's.
    expect(byKey((await activity('?zoom=10', agent)).json.places)).toEqual({ '36602': 1, '36604': 1 })
    expect((await activity('?zoom=10', fieldManager)).json).toMatchObject({ total: 2, unplaced: 0 })
    expect((await activity(`?agent=${admin.profileId}`, agent)).json.total).toBe(0)
    expect((await activity('?market=Birmingham')).json).toMatchObject({ total: 2, unplaced: 1 })
    expect((await activity(`?client=${clientId}`)).json.total).toBe(1)
    expect((await activity(`?agent=${agent.profileId}&kind=finds`)).json.total).toBe(0)
  })

  it('refuses unknown filters, a bad window, and another company’s agent', async () => {
    const unknown = await activity('?status=Open')
    expect(unknown.status).toBe(400)
    expect(unknown.json.error.message).toMatch(/Unknown filter: status\./)
    for (const query of ['?window=all', '?window=90d']) {
      const bad = await activity(query)
      expect(bad.status).toBe(400)
      expect(bad.json.error).toMatchObject({ field: 'window', message: 'window: Choose 24h, 7d, 30d or custom.' })
    }
    expect((await activity('?kind=tows')).json.error).toMatchObject({ field: 'kind' })
    expect((await activity('?window=custom&from=2024-02-01')).status).toBe(400)
    expect((await activity('?zoom=30')).status).toBe(400)
    const other = await t.createCompany('Stranger Activity Co')
    const stranger = await t.createUser('recovery_agent', other)
    expect((await activity(`?agent=${stranger.profileId}`)).json.error).toMatchObject({ field: 'agent' })
  })
})

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] }
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]
/** Thrown with the plan read, so the transaction that read it is rolled back. */
class PlanRead {
  constructor(readonly plan: PlanNode) {}
}

describe('recent recoveries at a million RDN cases (issue 42)', () => {
  it("counts a period's RDN cases by place from their repossession moment's index alone, under every filter", async () => {
    const filter: CaseFilter = {
      companyId: t.companyId,
      statuses: [],
      markets: ['Mobile'],
      orderAgent: null,
      rdnAgents: ['RDN-AG-9'],
      clientId,
      since: null,
      until: null,
      spotted: null,
      nothing: false,
    }
    for (const digits of [3, 5] as const) {
      const query = caseRecoveries(t.db, filter, { since: daysAgo(30), until: daysAgo(1) }, digits).compile()
      // On a few rows any index would do (the planner's pick among them says nothing), so the
      // other indexes of rdn_cases are dropped in a transaction rolled back afterwards: the query
      // must then be answered by the moment's index alone (at a million cases it is the one chosen).
      const plan = await t.db
        .transaction()
        .execute(async (trx) => {
          const { rows: others } = await sql<{ name: string }>`select indexname as name from pg_indexes
            where tablename = 'rdn_cases' and indexname <> 'rdn_cases_repossessed_moment_idx'
              and not exists (select 1 from pg_constraint where conindid = quote_ident(indexname)::regclass)`.execute(
            trx,
          )
          for (const { name } of others) await sql`drop index ${sql.ref(name)}`.execute(trx)
          await sql`set local enable_seqscan = off`.execute(trx)
          await sql`set local enable_bitmapscan = off`.execute(trx)
          const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
            CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
          )
          const json = rows[0]['QUERY PLAN']
          throw new PlanRead(((typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }])[0].Plan)
        })
        .catch((read: unknown) => {
          if (read instanceof PlanRead) return read.plan
          throw read
        })
      const reads = nodesOf(plan).filter((node) => node['Relation Name'] === 'rdn_cases')
      expect(reads.map((node) => [node['Node Type'], node['Index Name']])).toEqual([
        ['Index Only Scan', 'rdn_cases_repossessed_moment_idx'],
      ])
    }
  })
})

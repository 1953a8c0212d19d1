import { CompiledQuery, type KyselyPlugin, type RootOperationNode, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boardQuerySchema } from '../../../domain/assignments/board'
import { createTestApp, type TestApp } from '../../test/harness'
import { listBoard } from './board-repository'

// Issue 42 (timed at 1,000,000 RDN cases: npm run bench:assignments): a page of the Agent
// Assignment board is read group by group from migration 050's indexes and counted from the
// counts the database keeps, and shows what sorting every open case showed: the same rows, in the
// same order, with the same total, on every page and under every filter.

let t: TestApp
type User = Awaited<ReturnType<TestApp['createUser']>>
let admin: User
let fieldManager: User

const HOUR = 3_600_000

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  fieldManager = await t.createUser('field_manager')
  await t.db.updateTable('profiles').set({ market: 'Mobile, Selma' }).where('id', '=', fieldManager.profileId).execute()
  const agent = await t.createUser('recovery_agent')
  await t.db.updateTable('profiles').set({ rdn_id_number: 'RDN-P' }).where('id', '=', agent.profileId).execute()
  const clients = await t.db
    .insertInto('clients')
    .values([
      { company_id: t.companyId, name: 'Daily Credit', client_code: 'DAY', update_cadence_days: 1 },
      { company_id: t.companyId, name: 'Slow Credit', client_code: 'SLW', update_cadence_days: 10 },
      { company_id: t.companyId, name: 'Plain Credit', client_code: 'PLN' },
    ])
    .returning('id')
    .execute()
  const markets = ['Mobile', 'Selma', 'Dothan', null]
  const statuses = ['Open', 'Open', 'Need Info', 'On Hold', 'Pending On Hold', 'Repossessed']
  const states = ['Active', 'Active', 'Active', 'On Hold', 'Closed'] as const
  // Hours ago, never near a whole day: no case falls due between two reads.
  const ago = (n: number) => new Date(Date.now() - (n * 13 + 5) * HOUR)
  const mixed = (n: number) => ({
    company_id: t.companyId,
    status: statuses[n % statuses.length],
    assignment_state: states[n % states.length],
    agent_assigned_at: n % 3 === 0 ? null : ago(n % 40),
    last_agent_update_at: n % 4 === 0 ? ago(n % 11) : null,
    // Ties on the quiet moment are broken by label, then id.
    created_at: new Date(Date.UTC(2026, 0, 1 + (n % 7))),
  })
  await t.db
    .insertInto('orders')
    .values(
      Array.from({ length: 170 }, (_, n) => ({
        ...mixed(n),
        order_number: n % 9 === 0 ? '' : `BP-${n % 60}`,
        case_number: `BP-C${n}`,
        detected_market: markets[n % markets.length],
        client_id: n % 5 === 0 ? null : clients[n % clients.length].id,
        assigned_agent_id: n % 2 === 0 ? agent.profileId : null,
      })),
    )
    .execute()
  await t.db
    .insertInto('rdn_cases')
    .values(
      Array.from({ length: 170 }, (_, n) => ({
        ...mixed(n + 1),
        case_id: 7_700_000 + n,
        case_number: `BP-${n % 50}`,
        lender_name: ['Daily Credit', 'Slow Credit', 'Plain Credit', 'Nobody Bank'][n % 4],
        detected_market: markets[n % 3] as string,
        assigned_agent_id: ['RDN-P', '', null, 'RDN-GONE'][n % 4],
      })),
    )
    .execute()
})
afterAll(() => t?.close())

type Board = { total: number; rows: Record<string, unknown>[] }
const read = async (query: string, cookie: string): Promise<Board> => {
  const response = await t.request('GET', `/api/assignments/board?${query}`, { cookie })
  expect(response.status, JSON.stringify(response.json)).toBe(200)
  return response.json as Board
}
/** Every page of the board under the filters, one after another. */
async function allPages(query: string, cookie: string) {
  const first = await read(query, cookie)
  const rows = [...first.rows]
  for (let page = 2; page <= Math.ceil(first.total / 50); page++) {
    const next = await read(`${query}&page=${page}`, cookie)
    rows.push(...next.rows)
  }
  return { total: first.total, rows }
}

describe('Agent Assignment board pages (issue 42)', () => {
  it('shows, page by page, what sorting every open case shows', async () => {
    const filters = ['', 'agent=unassigned', 'due=yes', 'state=Active', 'market=Selma', 'market=Selma&due=yes']
    for (const viewer of [admin, fieldManager])
      for (const filter of filters) {
        const grouped = await allPages(filter, viewer.cookie)
        // Every case's label holds 'BP-': the search sorts every case under the filters.
        const sorted = await allPages(`${filter}&q=BP-`, viewer.cookie)
        expect(grouped.total, filter).toBe(sorted.total)
        expect(grouped.rows, filter).toEqual(sorted.rows)
        expect(grouped.rows.length, filter).toBe(grouped.total)
      }
    const everything = await allPages('', admin.cookie)
    expect(everything.total).toBeGreaterThan(150)
    expect(new Set(everything.rows.map((row) => row.updateDue))).toEqual(new Set([true, false]))
    const past = await read('page=40', admin.cookie)
    expect(past).toMatchObject({ total: everything.total, rows: [] })
  })

  it('keeps its counts exact as cases are written', async () => {
    const counted = async () =>
      (
        await sql<{ source: string; n: string }>`select source, sum(cases) as n from board_case_counts
          where company_id = ${t.companyId} group by source order by source`.execute(t.db)
      ).rows.map((row) => [row.source, Number(row.n)])
    // Work to hand out: open, and not stopped (issue 44, migration 065).
    const open = `status in ('Open', 'Need Info', 'On Hold', 'Pending On Hold') and not field_work_stopped(status)`
    const actual = async () => {
      const one = async (table: string) =>
        Number(
          (
            await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}
              where company_id = ${t.companyId} and ${sql.raw(open)}`.execute(t.db)
          ).rows[0].n,
        )
      return [
        ['case', await one('rdn_cases')],
        ['order', await one('orders')],
      ]
    }
    expect(await counted()).toEqual(await actual())
    await t.db.updateTable('rdn_cases').set({ assigned_agent_id: 'RDN-P' }).where('case_id', '<', 7_700_020).execute()
    await t.db.updateTable('orders').set({ status: 'Repossessed' }).where('case_number', 'like', 'BP-C1%').execute()
    await t.db.deleteFrom('rdn_cases').where('case_id', '>', 7_700_160).execute()
    expect(await counted()).toEqual(await actual())
    const grouped = await allPages('agent=unassigned', admin.cookie)
    expect(grouped.total).toBe((await allPages('agent=unassigned&q=BP-', admin.cookie)).total)
  })

  it('reads each group of a page from its index, in order, without sorting every case', async () => {
    const nodes: RootOperationNode[] = []
    const capture: KyselyPlugin = {
      transformQuery: (args) => {
        nodes.push(args.node)
        return args.node
      },
      transformResult: async (args) => args.result,
    }
    const db = t.db.withPlugin(capture)
    const scope = { companyId: t.companyId, markets: null }
    // The first page, one far enough to reach the assigned not due, and those due.
    for (const query of [{}, { page: '4' }, { due: 'yes' }]) await listBoard(db, scope, boardQuerySchema.parse(query))
    const executor = t.db.getExecutor()
    const statements = nodes
      .map((node) => executor.compileQuery(node, { queryId: 'plan' }))
      .filter((query) => query.sql.includes('quiet_since') || query.sql.includes('count(*) as n'))
    expect(statements.length).toBeGreaterThanOrEqual(5)
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] }
    const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]
    for (const statement of statements) {
      const plan = await t.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx)
        await sql`set local enable_bitmapscan = off`.execute(trx)
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
          CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
        )
        const json = rows[0]['QUERY PLAN']
        return (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }]
      })
      const scans = nodesOf(plan[0].Plan).filter((node) =>
        ['orders', 'rdn_cases'].includes(node['Relation Name'] ?? ''),
      )
      expect(
        scans.map((scan) => scan['Node Type']).filter((type) => !type.startsWith('Index')),
        statement.sql,
      ).toEqual([])
      expect(
        scans.some((scan) => /^(orders|rdn_cases)_board_/.test(scan['Index Name'] ?? '')),
        statement.sql,
      ).toBe(true)
    }
  })
})

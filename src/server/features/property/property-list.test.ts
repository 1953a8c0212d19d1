import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { propertyPageQuery } from './list-service'

// The Property Redemptions list at a million RDN cases (issue 42): a page read in its order from an
// index, its cases found by id, never every inventory joined to every case before sorting.

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>

beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('post_recovery_manager')
})
afterAll(() => t?.close())

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] }
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

describe('the property list at a million RDN cases (issue 42)', () => {
  it('lists the inventories with property newest first, ties by id, a page of 50 and whether there are more', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000)
    const cases = await t.db
      .insertInto('rdn_cases')
      .values(
        Array.from({ length: 53 }, (_, i) => ({
          company_id: t.companyId,
          case_id: 9_054_000 + i,
          case_number: `PL-${i}`,
        })),
      )
      .returning(['id', 'case_id'])
      .execute()
    await t.db
      .insertInto('property_inventories')
      .values(
        cases.map((row, i) => ({
          company_id: t.companyId,
          case_key: `rdn:${row.id}`,
          rdn_case_id: row.id,
          no_property: i % 10 === 3,
          hold_until: '2026-03-01',
          notice_due: '2026-02-01',
          // Pairs share a moment: the page breaks the tie by id.
          inventoried_at: at(Math.floor(i / 2)),
        })),
      )
      .execute()
    const all = await t.db
      .selectFrom('property_inventories')
      .select(['id', 'inventoried_at'])
      .where('company_id', '=', t.companyId)
      .where('no_property', '=', false)
      .execute()
    const expected = all
      .sort(
        (a, b) => b.inventoried_at.getTime() - a.inventoried_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .map((row) => row.id)
    const first = await t.request('GET', '/api/property', { cookie: manager.cookie })
    expect(first.status).toBe(200)
    expect(first.json.inventories.map((row: { id: string }) => row.id)).toEqual(expected.slice(0, 50))
    expect(first.json.more).toBe(expected.length > 50)
    const second = await t.request('GET', '/api/property?offset=50', { cookie: manager.cookie })
    expect(second.json.inventories.map((row: { id: string }) => row.id)).toEqual(expected.slice(50, 100))
    expect(second.json.more).toBe(false)
  })

  it('reads a page in order from its index, the cases by id, with no sort', async () => {
    const query = propertyPageQuery(t.db, t.companyId, { offset: 0 }, '2026-01-01').compile()
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      await sql`set local enable_bitmapscan = off`.execute(trx)
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      )
      const json = rows[0]['QUERY PLAN']
      return ((typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }])[0].Plan
    })
    const nodes = nodesOf(plan)
    expect(nodes.filter((node) => node['Node Type'].includes('Sort'))).toEqual([])
    const reads = (table: string) =>
      nodes.filter((node) => node['Relation Name'] === table).map((node) => [node['Node Type'], node['Index Name']])
    expect(reads('property_inventories')).toEqual([['Index Scan', 'property_inventories_list_idx']])
    expect(reads('rdn_cases')).toEqual([['Index Scan', 'rdn_cases_pkey']])
    expect(reads('orders')).toEqual([['Index Scan', 'orders_pkey']])
  })
})

import { type Compilable, type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { casesRepossessedByMarket } from './management'
import { freshUnfinishedOrders, repossessedOrdersByClient } from './management-orders'

// Issue 42: the management dashboard's heaviest figures at 1,000,000 RDN cases (p95 134 ms) were
// unfinished orders touched in 48 hours and orders repossessed per client (each reading every
// matching order's row) and this month's RDN repossessions per market (5,000 case rows fetched for
// their market): each is now counted from an index of migration 057 alone.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  const client = await t.db
    .insertInto('clients')
    .values({ company_id: t.companyId, name: 'Scale Lender', client_code: 'SCALE' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const statuses = ['Open', 'Closed', 'Repossessed', 'Need Info'] as const
  await t.db
    .insertInto('orders')
    .values(
      Array.from({ length: 400 }, (_, index) => ({
        company_id: t.companyId,
        order_number: `SCALE-${index}`,
        client_id: client.id,
        status: statuses[index % 4],
        recovery_date: index % 4 === 2 ? '2026-11-02' : null,
      })),
    )
    .execute()
  await t.db
    .insertInto('rdn_cases')
    .values(
      Array.from({ length: 400 }, (_, index) => ({
        company_id: t.companyId,
        case_id: 7_700_000 + index,
        status: index % 2 ? 'Repossessed' : 'Open',
        detected_market: ['Mobile', 'Birmingham'][index % 2],
        repo_date: index % 2 ? `2026-${String(1 + (index % 11)).padStart(2, '0')}-15` : null,
      })),
    )
    .execute()
  await sql`analyze orders`.execute(t.db)
  await sql`analyze rdn_cases`.execute(t.db)
})
afterAll(() => t?.close())

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] }
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

/** The indexes a statement reads, planned as on a large table (no sequential or bitmap scans). */
async function indexesRead(
  statement: (db: Kysely<DB>) => Compilable & { explain: (format: 'json') => Promise<unknown[]> },
) {
  return t.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx)
    await sql`set local enable_bitmapscan = off`.execute(trx)
    const [row] = (await statement(trx).explain('json')) as { 'QUERY PLAN': unknown }[]
    const json = row['QUERY PLAN']
    const plan = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }]
    return nodesOf(plan[0].Plan).flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []))
  })
}

describe('management dashboard figures at scale (issue 42)', () => {
  it('counts fresh unfinished orders, repossessed orders per client and cases per market from indexes alone', async () => {
    expect(await indexesRead((db) => freshUnfinishedOrders(db, t.companyId))).toEqual(['orders_unfinished_updated_idx'])
    expect(await indexesRead((db) => repossessedOrdersByClient(db, t.companyId))).toContain(
      'orders_repossessed_client_idx',
    )
    expect(
      await indexesRead((db) => casesRepossessedByMarket(db, t.companyId, { from: '2026-11-01', to: '2026-11-27' })),
    ).toEqual(['rdn_cases_repo_date_market_idx'])
  })
})

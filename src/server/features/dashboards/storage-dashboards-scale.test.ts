import { type Kysely, sql, type Transaction } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { movingOrdersPage, repossessedCasesByLot, repossessedOrdersPage } from './storage'

// Issue 42: the storage dashboards' long lists at 1,000,000 cases, read in an index's order.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const get = async (path: string, cookie: string) => {
  const response = await t.request('GET', path, { cookie })
  expect(response.status).toBe(200)
  return response.json
}

type Explainable = { explain: (format: 'json') => Promise<{ 'QUERY PLAN': unknown }[]> }

/** The plans of some statements (as JSON text), with the named planner methods off. */
const plansOf = (statements: (trx: Kysely<DB> | Transaction<DB>) => Explainable[], ...off: string[]) =>
  t.db.transaction().execute(async (trx) => {
    for (const setting of off) await sql`set local ${sql.raw(setting)} = off`.execute(trx)
    const plans: string[] = []
    for (const statement of statements(trx)) {
      const [row] = await statement.explain('json')
      const json = row['QUERY PLAN']
      plans.push(JSON.stringify(typeof json === 'string' ? JSON.parse(json) : json))
    }
    return plans
  })

describe('transport manager dashboard at scale', () => {
  it('lists orders to move waiting longest first from their own index, and counts them all (issue 42)', async () => {
    const companyId = await t.createCompany('Moving Orders Co')
    const manager = await t.createUser('transport_manager', companyId)
    const waiting = (index: number) => new Date(Date.UTC(2026, 0, 1 + (index % 28), index % 24))
    await t.db
      .insertInto('orders')
      .values(
        Array.from({ length: 150 }, (_, index) => ({
          company_id: companyId,
          order_number: `MOVE-${index}`,
          status: ['Auction', 'Office Transfer', 'Open'][index % 3],
          updated_at: waiting(index),
        })),
      )
      .execute()
    const moving = await t.db
      .selectFrom('orders')
      .select('order_number')
      .where('company_id', '=', companyId)
      .where('status', 'in', ['Auction', 'Office Transfer'])
      .orderBy('updated_at')
      .orderBy('id')
      .execute()
    const body = await get('/api/dashboards/transport-manager?limit=60', manager.cookie)
    expect(body.movesTotal).toBe(100)
    expect(body.moves.map((move: { number: string }) => move.number)).toEqual(
      moving.slice(0, 60).map((row) => row.order_number),
    )

    // The page is the first rows of migration 061's partial index, not a sort of every such order.
    await sql`analyze orders`.execute(t.db)
    const [plan] = await plansOf((trx) => [movingOrdersPage(trx, companyId, 60)], 'enable_seqscan')
    expect(plan).toContain('"Index Name":"orders_moving_idx"')
    expect(plan).not.toContain('"Node Type":"Sort"')
  })
})

describe('lot manager dashboard at scale (migration 060)', () => {
  it('reads repossessed orders longest in storage first from their index, and counts cases per lot from an index alone', async () => {
    const companyId = await t.createCompany('Storage Plans Co')
    const [orders, byLot] = await plansOf(
      (trx) => [repossessedOrdersPage(trx, companyId, 100), repossessedCasesByLot(trx, companyId)],
      'enable_seqscan',
      'enable_bitmapscan',
    )
    expect(orders).toContain('"Index Name":"orders_repossessed_storage_idx"')
    expect(orders).not.toContain('"Node Type":"Sort"')
    expect(byLot).toContain('"Node Type":"Index Only Scan"')
    expect(byLot).toContain('"Index Name":"rdn_cases_status_storage_idx"')
  })
})

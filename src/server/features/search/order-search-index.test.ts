import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { testDatabaseKind } from '../../test/test-database'
import { indexQueuedOrders } from './order-search-indexer'

let t: TestApp
let viewer: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  viewer = await t.createUser('manager')
})
afterAll(() => t?.close())

const search = async (q: string) =>
  (await t.request('GET', `/api/search?q=${encodeURIComponent(q)}`, { cookie: viewer.cookie })).json.orders.map(
    (order: { order_number: string }) => order.order_number,
  )
const queued = async () => (await t.db.selectFrom('order_search_pending').select('order_id').execute()).length
const indexed = (orderId: string) =>
  t.db.selectFrom('order_search').select('search_text').where('order_id', '=', orderId).executeTakeFirst()

async function insertOrder(companyId: string, orderNumber: string, borrower: string) {
  const order = await t.db
    .insertInto('orders')
    .values({ company_id: companyId, order_number: orderNumber, borrower_name: borrower, make: 'Kia', vin: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  return order.id
}

describe('order search index (migration 012)', () => {
  it('finds a new order while it waits for the indexer, and once indexed, still once', async () => {
    const id = await insertOrder(t.companyId, 'IDX-100', 'Quentin Marsh')
    expect(await queued()).toBeGreaterThan(0)
    expect(await indexed(id)).toBeUndefined()
    expect(await search('quentin')).toEqual(['IDX-100'])

    while ((await indexQueuedOrders(t.db)) > 0) {}
    expect(await queued()).toBe(0)
    expect(await indexed(id)).toEqual({ search_text: 'IDX-100 Quentin Marsh Kia    ' })
    expect(await search('quentin')).toEqual(['IDX-100'])
  })

  it('refreshes an indexed order at once when a searched field changes, and forgets a deleted one', async () => {
    const id = await insertOrder(t.companyId, 'IDX-200', 'Rosalind Vega')
    while ((await indexQueuedOrders(t.db)) > 0) {}
    await t.db.updateTable('orders').set({ borrower_name: 'Rosalind Okafor' }).where('id', '=', id).execute()
    expect(await search('okafor')).toEqual(['IDX-200'])
    expect(await search('vega')).toEqual([])
    expect(await queued()).toBe(0)

    await t.db.deleteFrom('orders').where('id', '=', id).execute()
    expect(await indexed(id)).toBeUndefined()
    expect(await search('okafor')).toEqual([])
  })

  it("keeps another company's orders out, indexed or queued", async () => {
    const other = await t.createCompany('Index Other Co')
    await insertOrder(other, 'IDX-OTHER-1', 'Zebulon Quaid')
    while ((await indexQueuedOrders(t.db)) > 0) {}
    await insertOrder(other, 'IDX-OTHER-2', 'Zebulon Quaid')
    expect(await search('zebulon')).toEqual([])
  })

  it('indexes a long queue in steps, giving the event loop a turn between them', async () => {
    await sql`insert into orders (company_id, order_number)
      select ${t.companyId}::uuid, 'STEP-' || i from generate_series(1, 4500) i`.execute(t.db)
    let ticks = 0
    const ticker = setInterval(() => ticks++, 0)
    try {
      await t.deps.orderSearch.kick()
    } finally {
      clearInterval(ticker)
    }
    expect(await queued()).toBe(0)
    expect(ticks).toBeGreaterThan(0)
    expect(await search('step-4321')).toEqual(['STEP-4321'])
  })

  it('an import leaves its orders findable, and the indexer it starts empties the queue', async () => {
    const paste = [
      'Case Number\tClient Name\tVIN\tMake\tModel\tOrder Date\tLast Name, First Name',
      'IDX-300\tNobody Credit\t1HGCM82633A004352\tHonda\tAccord\t1/2/25\tThistlewood, Perpetua',
    ].join('\n')
    const response = await t.request('POST', '/api/import/orders', {
      cookie: viewer.cookie,
      body: { text: paste, settings: { skipDuplicates: true, autoCreateClients: true, randomizeNames: false } },
    })
    expect(response.status).toBe(200)
    expect(await search('thistlewood')).toEqual(['IDX-300'])
    await t.deps.orderSearch.kick()
    expect(await queued()).toBe(0)
    expect(await search('thistlewood')).toEqual(['IDX-300'])
  })
})

// Two connections at once: PostgreSQL only (PGlite is one connection by design).
describe.skipIf(testDatabaseKind !== 'postgres')('order search indexer beside other writers', () => {
  it('skips an order held by an open edit instead of waiting, and indexes the edited text after', async () => {
    const id = await insertOrder(t.companyId, 'IDX-400', 'Ignatius Rowe')
    let releaseEdit = () => {}
    const editHeld = new Promise<void>((resolve) => {
      releaseEdit = resolve
    })
    let editing = () => {}
    const editStarted = new Promise<void>((resolve) => {
      editing = resolve
    })
    const edit = t.db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ status: 'On Hold' }).where('id', '=', id).execute()
      editing()
      await editHeld
      await trx.updateTable('orders').set({ borrower_name: 'Ignatius Fairweather' }).where('id', '=', id).execute()
    })
    await editStarted
    while ((await indexQueuedOrders(t.db)) > 0) {}
    expect(await indexed(id)).toBeUndefined()
    releaseEdit()
    await edit
    while ((await indexQueuedOrders(t.db)) > 0) {}
    expect(await indexed(id)).toEqual({ search_text: 'IDX-400 Ignatius Fairweather Kia    ' })
    expect(await queued()).toBe(0)
  })
})

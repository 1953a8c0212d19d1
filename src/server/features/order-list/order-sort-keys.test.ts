import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListQuerySchema } from '../../../domain/orders/order-list-query'
import { SEARCH_SORT_COLUMNS } from '../../db/migrations/026-order-sort-keys'
import type { TestApp } from '../../test/harness'
import { orderListBatches } from '../exports/sources/orders'
import { indexQueuedOrders } from '../search/order-search-indexer'
import { orderListFixture } from './order-list-test-helpers'

// The text sorts read their keys from `order_search` and the orders still queued for it
// (migration 026): the list must be the same whichever side an order is on.

let t: TestApp
const { ids, insertOrder, keys, seed } = orderListFixture()

beforeAll(async () => {
  ;({ t } = await seed())
  // Three more, still queued (the indexer has not run since): the sorts mix both sides.
  await insertOrder('q1', { borrower_name: 'Aaron Queued', make: 'Acura', vin: 'VINAAA000', license_plate: 'AAA-000' })
  await insertOrder('q2', { borrower_name: 'Zed Queued', make: 'Zastava', vin: 'VINZZZ999', license_plate: 'ZZZ-999' })
  await insertOrder('q3', { borrower_name: null, make: null, vin: null, license_plate: null })
})
afterAll(() => t?.close())

const queued = async () =>
  (await t.db.selectFrom('order_search_pending').select('order_id').execute()).map((row) => row.order_id)

/** What the list's order is by that column, worked out here: missing values lowest, then the id. */
async function expectedOrder(column: (typeof SEARCH_SORT_COLUMNS)[number], dir: 'asc' | 'desc') {
  const rows = await t.db.selectFrom('orders').select(['id', column]).where('company_id', '=', t.companyId).execute()
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]))
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    const [x, y] = [a[column], b[column]]
    if (x !== y) return x === null ? -1 : y === null ? 1 : x < y ? -1 : 1
    return a.id < b.id ? -1 : 1
  }
  const sorted = rows.sort(compare).map((row) => byId.get(row.id))
  return dir === 'asc' ? sorted : sorted.reverse()
}

async function exported(sort: string, dir: string) {
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]))
  const found: (string | undefined)[] = []
  for await (const batch of orderListBatches(t.db, t.companyId, orderListQuerySchema.parse({ sort, dir }), 3))
    found.push(...batch.map((row) => byId.get(row.id)))
  return found
}

describe('text sorts over indexed and queued orders', () => {
  it('lists and exports every order once, in order, while some are still queued', async () => {
    expect(await queued()).toEqual(expect.arrayContaining([ids.q1, ids.q2, ids.q3]))
    for (const column of SEARCH_SORT_COLUMNS)
      for (const dir of ['asc', 'desc'] as const) {
        const expected = await expectedOrder(column, dir)
        expect(expected).toHaveLength(8)
        expect(await keys(`sort=${column}&dir=${dir}`), `${column} ${dir}`).toEqual(expected)
        expect(await exported(column, dir), `export ${column} ${dir}`).toEqual(expected)
      }
    // With a filter, the keys meet the orders' own columns.
    expect(await keys('sort=borrower_name&dir=asc&status=Open')).toEqual(
      (await expectedOrder('borrower_name', 'asc')).filter((key) => ['o1', 'o4', 'q1', 'q2', 'q3'].includes(key ?? '')),
    )
  })

  it('keeps the same order once the indexer has moved the queued orders in', async () => {
    while ((await indexQueuedOrders(t.db)) > 0) {}
    expect(await queued()).toEqual([])
    const entry = await t.db
      .selectFrom('order_search')
      .selectAll()
      .where('order_id', '=', ids.q1)
      .executeTakeFirstOrThrow()
    expect(entry).toMatchObject({
      borrower_name: 'Aaron Queued',
      make: 'Acura',
      vin: 'VINAAA000',
      license_plate: 'AAA-000',
    })
    for (const column of SEARCH_SORT_COLUMNS)
      expect(await keys(`sort=${column}&dir=asc`), column).toEqual(await expectedOrder(column, 'asc'))
  })

  it('re-sorts an edited order at once, indexed or still queued, and never lists it twice', async () => {
    await insertOrder('q4', { borrower_name: 'Middle Queued' })
    expect(await queued()).toEqual([ids.q4])
    // An indexed order and a queued one renamed: each entry is written at once, the queue left.
    await t.db.updateTable('orders').set({ borrower_name: 'Aaa First' }).where('id', '=', ids.q2).execute()
    await t.db.updateTable('orders').set({ borrower_name: 'Zzz Last' }).where('id', '=', ids.q4).execute()
    expect(await queued()).toEqual([])
    const listed = await keys('sort=borrower_name&dir=asc')
    expect(listed).toEqual(await expectedOrder('borrower_name', 'asc'))
    expect(listed).toHaveLength(9)
    expect(listed.indexOf('q2')).toBeLessThan(listed.indexOf('q1'))
    expect(listed.at(-1)).toBe('q4')
    // Two fields trading words leave the search text as it was; the sort keys still follow.
    await t.db
      .updateTable('orders')
      .set({ order_number: 'ORD-q2 Zebra', borrower_name: 'Aaa' })
      .where('id', '=', ids.q2)
      .execute()
    await t.db
      .updateTable('orders')
      .set({ order_number: 'ORD-q2', borrower_name: 'Zebra Aaa' })
      .where('id', '=', ids.q2)
      .execute()
    expect(await keys('sort=borrower_name&dir=desc')).toEqual(await expectedOrder('borrower_name', 'desc'))
  })
})

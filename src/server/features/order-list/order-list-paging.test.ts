import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { listOrders } from './order-list-test-helpers'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const list = (query: string, as: string) => listOrders(t, query, as)

describe('paging and capped totals', () => {
  let pagingCookie: string
  let pagingCompany: string
  beforeAll(async () => {
    pagingCompany = await t.createCompany('Paging Co')
    pagingCookie = (await t.createUser('manager', pagingCompany)).cookie
    await sql`insert into orders (company_id, order_number, make, order_date, status)
      select ${pagingCompany}::uuid, 'P-' || g, 'Zetamobile', date '2025-01-01' + g, 'Open'
      from generate_series(1, 10050) g`.execute(t.db)
    await sql`update orders set status = case when substr(order_number, 3)::int <= 70 then 'Auction' else 'Closed' end
      where company_id = ${pagingCompany} and substr(order_number, 3)::int <= 200`.execute(t.db)
  })

  const page = async (query: string) => list(query, pagingCookie)

  it('pages 50 at a time with the exact total, and nothing past the end', async () => {
    const first = await page('')
    expect(first.orders).toHaveLength(50)
    expect(first).toMatchObject({ total: 10050, totalIsCapped: false, page: 1 })
    expect(first.orders[0].order_number).toBe('P-10050')
    const second = await page('page=2')
    expect(second.orders[0].order_number).toBe('P-10000')
    const last = await page('page=201')
    expect(last.orders).toHaveLength(50)
    expect(last.orders[0].order_number).toBe('P-50')
    expect(last.orders[49].order_number).toBe('P-1')
    expect((await page('page=202')).orders).toEqual([])
    // Past the middle the page is read from the other end: the same orders as the other direction's.
    const deep = await orderNumbers('page=150&sort=order_number&dir=asc')
    expect(deep).toHaveLength(50)
    expect(deep).toEqual((await orderNumbers('page=52&sort=order_number&dir=desc')).reverse())
  })

  const numbers = (from: number, to: number) =>
    Array.from({ length: Math.abs(to - from) + 1 }, (_, index) => `P-${from > to ? from - index : from + index}`)
  const orderNumbers = async (query: string) => (await page(query)).orders.map((order) => order.order_number)

  it('pages a grouped sort across its groups: status, then newest first inside each', async () => {
    expect(await orderNumbers('sort=status&dir=asc')).toEqual(numbers(70, 21))
    expect(await orderNumbers('sort=status&dir=asc&page=2')).toEqual([...numbers(20, 1), ...numbers(200, 171)])
    expect(await orderNumbers('sort=status&dir=asc&page=5')).toEqual(numbers(10050, 10001))
    expect(await orderNumbers('sort=status&dir=desc&page=197')).toEqual(numbers(250, 201))
    expect(await orderNumbers('sort=status&dir=desc&page=198')).toEqual(numbers(200, 151))
    expect(await orderNumbers('sort=status&dir=desc&page=200')).toEqual([...numbers(100, 71), ...numbers(70, 51)])
    expect(await orderNumbers('sort=status&dir=desc&page=201')).toEqual(numbers(50, 1))
    expect(await orderNumbers('sort=status&dir=desc&page=202')).toEqual([])
  })

  it('caps a search total at 2,000 ("2,000+"), reading a broad search in list order', async () => {
    const searched = await page('q=zetamobile')
    expect(searched).toMatchObject({ total: 2000, totalIsCapped: true })
    // Matched order by order as the list reads them: the same page as without the search.
    expect(searched.orders.map((order) => order.id)).toEqual((await page('')).orders.map((order) => order.id))
    expect(await orderNumbers('q=zetamobile&sort=order_number&dir=asc&page=3')).toEqual(
      await orderNumbers('sort=order_number&dir=asc&page=3'),
    )
    expect(await page('q=zetamobile&status=Auction')).toMatchObject({ total: 70, totalIsCapped: false })
    expect(await page('q=zetamobile&status=Open')).toMatchObject({ total: 2000, totalIsCapped: true })
    const few = await page('q=p-1005')
    expect(few).toMatchObject({ total: 2, totalIsCapped: false })
  })
})

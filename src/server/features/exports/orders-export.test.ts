import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_SORT_COLUMNS, orderListQuerySchema } from '../../../domain/orders/order-list-query'
import { createTestApp, type TestApp } from '../../test/harness'
import { csvRows, download, xlsxRows } from './export-test-helpers'
import { orderListBatches } from './sources/orders'

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
let agent: Awaited<ReturnType<TestApp['createUser']>>
let lot: Awaited<ReturnType<TestApp['createUser']>>

beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
  agent = await t.createUser('recovery_agent')
  lot = await t.createUser('lot_manager')
  await t.db
    .updateTable('profiles')
    .set({ first_name: 'Zed', last_name: 'Agent' })
    .where('id', '=', agent.profileId)
    .execute()
  const otherCompany = await t.createCompany('Elsewhere Recovery')
  const [ally, beta] = await t.db
    .insertInto('clients')
    .values([
      { company_id: t.companyId, name: 'Ally Financial', client_code: 'ALL' },
      { company_id: t.companyId, name: 'Beta Credit', client_code: 'BET' },
    ])
    .returning('id')
    .execute()
  const rows = Array.from({ length: 12 }, (_, index) => ({
    company_id: t.companyId,
    order_number: `EXP-${String(index).padStart(2, '0')}`,
    case_number: index === 3 ? '=cmd|calc' : `CASE-${index}`,
    status: index % 3 === 0 ? 'Repossessed' : 'Open',
    client_id: index % 2 === 0 ? ally.id : index % 5 === 0 ? null : beta.id,
    assigned_agent_id: index % 4 === 0 ? agent.profileId : null,
    order_date: index === 7 ? null : `2026-01-${String(index + 1).padStart(2, '0')}`,
    priority: (['low', 'medium', 'high', 'critical'] as const)[index % 4],
    detected_market: index % 3 === 1 ? 'Mobile' : index % 3 === 2 ? null : 'Birmingham',
    make: 'Ford',
  }))
  await t.db.insertInto('orders').values(rows).execute()
  await t.db
    .insertInto('orders')
    .values({ company_id: otherCompany, order_number: 'SECRET-1', status: 'Repossessed', make: 'Ford' })
    .execute()
})
afterAll(() => t.close())

describe('the Orders list export', () => {
  it("exports the filtered orders in the list's order as CSV, formula-like cells escaped, another company's never", async () => {
    const csv = await download(
      t,
      '/api/exports/orders?format=csv&status=Repossessed&sort=order_date&dir=asc&tab=orders',
      manager.cookie,
    )
    expect(csv.status).toBe(200)
    const [header, ...body] = csvRows(csv.text)
    expect(header.slice(0, 3)).toEqual(['Case Number', 'Order Number', 'Borrower'])
    expect(body.map((row) => row[1])).toEqual(['EXP-00', 'EXP-03', 'EXP-06', 'EXP-09'])
    expect(body[1][0]).toBe("'=cmd|calc")
    expect(csv.text).not.toContain('SECRET-1')
  })

  it('exports XLSX with real dates, the client and agent names', async () => {
    const xlsx = await download(t, '/api/exports/orders?format=xlsx&agent=' + agent.profileId, manager.cookie)
    expect(xlsx.status).toBe(200)
    const { rows } = await xlsxRows(xlsx.bytes)
    const header = rows[0].values as string[]
    const first = rows[1].values
    expect(rows).toHaveLength(4)
    expect(first[header.indexOf('Agent')]).toBe('Zed Agent')
    expect(first[header.indexOf('Client')]).toBe('Ally Financial')
    expect(first[header.indexOf('Order Date')]).toBeInstanceOf(Date)
  })

  it('is for those who may open Order Management, with the 400s of the list', async () => {
    expect((await download(t, '/api/exports/orders?format=csv', lot.cookie)).status).toBe(403)
    expect((await download(t, '/api/exports/orders?format=csv&status=Lost', manager.cookie)).status).toBe(400)
  })

  it('walks every sort in batches without losing or repeating an order, grouped sorts by name', async () => {
    const all = async (raw: Record<string, string>) => {
      const query = orderListQuerySchema.parse(raw)
      const numbers: string[] = []
      for await (const batch of orderListBatches(t.db, t.companyId, query, 5))
        numbers.push(...batch.map((row) => row.order_number))
      return numbers
    }
    for (const sort of ['order_date', 'case_number', 'client', 'agent', 'status'])
      for (const dir of ['asc', 'desc']) {
        const numbers = await all({ sort, dir })
        expect(numbers, `${sort} ${dir}`).toHaveLength(12)
        expect(new Set(numbers).size, `${sort} ${dir}`).toBe(12)
      }
    const byClient = await all({ sort: 'client', dir: 'asc' })
    // No client first ascending, then Ally's (even numbers), then Beta's.
    expect(byClient.slice(0, 1)).toEqual(['EXP-05'])
    expect(byClient.slice(1, 7).every((number) => Number(number.slice(4)) % 2 === 0)).toBe(true)
    expect(await all({ q: 'case-1' })).toEqual(expect.arrayContaining(['EXP-01', 'EXP-10', 'EXP-11']))
  })

  it('comes in the same order as the list shows, for every sort both ways', async () => {
    for (const sort of ORDER_SORT_COLUMNS)
      for (const dir of ['asc', 'desc']) {
        const list = await t.request('GET', `/api/orders-list?sort=${sort}&dir=${dir}`, { cookie: manager.cookie })
        const csv = await download(t, `/api/exports/orders?format=csv&sort=${sort}&dir=${dir}`, manager.cookie)
        const exported = csvRows(csv.text)
          .slice(1)
          .map((row) => row[1])
        expect(exported, `${sort} ${dir}`).toEqual(
          list.json.orders.map((order: { order_number: string }) => order.order_number),
        )
      }
  })
})

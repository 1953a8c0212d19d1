import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderZip } from '../../queries/case-place'
import { createTestApp, type TestApp } from '../../test/harness'
import { type CaseFilter, zipCounts } from './repository'

// The map's RDN case and order counts by place and status at a million cases (issue 42): kept by
// the database (migrations 054 and 059), the same answer as grouping the cases.

let t: TestApp

const filterOf = (companyId: string, statuses: string[] = []): CaseFilter => ({
  companyId,
  statuses,
  markets: null,
  orderAgent: null,
  rdnAgents: null,
  clientId: null,
  since: null,
  until: null,
  spotted: null,
  nothing: false,
})

/** What the map counted before the counts were kept: every case grouped by place and status. */
async function grouped(companyId: string, digits: 3 | 5, statuses: string[] = []) {
  const place =
    digits === 5
      ? sql<string | null>`case when debtor_zip ~ '^ *[0-9]{5}' then left(ltrim(debtor_zip), 5) end`
      : sql<string | null>`left(case when debtor_zip ~ '^ *[0-9]{5}' then left(ltrim(debtor_zip), 5) end, 3)`
  let query = t.db.selectFrom('rdn_cases').where('company_id', '=', companyId)
  if (statuses.length > 0) query = query.where('status', 'in', statuses)
  const rows = await query
    .select([place.as('zip'), 'status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy([place, 'status'])
    .execute()
  return sorted(rows.map((row) => ({ zip: row.zip, status: row.status ?? '', count: Number(row.count) })))
}
const sorted = <T extends { zip: string | null; status: string }>(rows: T[]) =>
  [...rows].sort((a, b) => `${a.zip}|${a.status}`.localeCompare(`${b.zip}|${b.status}`))
const ofCases = async (companyId: string, digits: 3 | 5, statuses: string[] = [], onlyZips: string[] | null = null) =>
  sorted(
    (await zipCounts(t.db, filterOf(companyId, statuses), digits, onlyZips))
      .filter((row) => row.source === 'case')
      .map(({ zip, status, count }) => ({ zip, status, count })),
  )

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('RDN cases counted by place for the map (issue 42)', () => {
  it('keeps the counts through inserts, moves between places and statuses, and deletes', async () => {
    const company = await t.createCompany('Zip Count Co')
    const other = await t.createCompany('Other Zip Count Co')
    const zips = ['36602', ' 36603-1234', '36701', 'N/A', null, '', '99501']
    await t.db
      .insertInto('rdn_cases')
      .values([
        ...zips.map((zip, i) => ({
          company_id: company,
          case_id: 9_540_000 + i,
          status: i % 3 === 0 ? 'Open' : i % 3 === 1 ? 'Closed' : null,
          debtor_zip: zip,
        })),
        { company_id: other, case_id: 9_540_100, status: 'Open', debtor_zip: '36602' },
      ])
      .execute()
    for (const digits of [3, 5] as const) expect(await ofCases(company, digits)).toEqual(await grouped(company, digits))

    await t.db.updateTable('rdn_cases').set({ status: 'Open' }).where('case_id', '=', 9_540_001).execute()
    await t.db.updateTable('rdn_cases').set({ debtor_zip: '10001' }).where('case_id', '=', 9_540_002).execute()
    await t.db.deleteFrom('rdn_cases').where('case_id', '=', 9_540_004).execute()
    for (const digits of [3, 5] as const) {
      expect(await ofCases(company, digits)).toEqual(await grouped(company, digits))
      expect(await ofCases(company, digits, ['Open'])).toEqual(await grouped(company, digits, ['Open']))
    }
    expect(await ofCases(company, 5, [], ['36602', '36603'])).toEqual(
      (await grouped(company, 5)).filter((row) => row.zip === null || ['36602', '36603'].includes(row.zip)),
    )
    expect(await ofCases(other, 5)).toEqual([{ zip: '36602', status: 'Open', count: 1 }])
  })

  it('reads the kept counts, not every case', async () => {
    const company = await t.createCompany('Kept Zip Co')
    await t.db
      .insertInto('rdn_cases')
      .values({ company_id: company, case_id: 9_540_200, status: 'Open', debtor_zip: '36602' })
      .execute()
    // A kept count set apart from the cases shows in the answer: the cases were not grouped again.
    await t.db.updateTable('rdn_case_zip_counts').set({ cases: 41 }).where('company_id', '=', company).execute()
    expect(await ofCases(company, 5)).toEqual([{ zip: '36602', status: 'Open', count: 41 }])
  })
})

/** What the map counted before the orders' counts were kept: every order grouped by place and status. */
async function groupedOrders(companyId: string, digits: 3 | 5, statuses: string[] = []) {
  const place = digits === 5 ? orderZip : sql<string>`left(${orderZip}, 3)`
  let query = t.db.selectFrom('orders').where('company_id', '=', companyId)
  if (statuses.length > 0) query = query.where('status', 'in', statuses)
  const rows = await query
    .select([place.as('zip'), 'status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy([place, 'status'])
    .execute()
  return sorted(
    rows.map((row) => ({ zip: row.zip as string | null, status: row.status ?? '', count: Number(row.count) })),
  )
}
const ofOrders = async (companyId: string, digits: 3 | 5, statuses: string[] = [], onlyZips: string[] | null = null) =>
  sorted(
    (await zipCounts(t.db, filterOf(companyId, statuses), digits, onlyZips))
      .filter((row) => row.source === 'order')
      .map(({ zip, status, count }) => ({ zip, status, count })),
  )

describe('orders counted by place for the map (issue 42)', () => {
  it('keeps the counts through inserts, moves between places and statuses, and deletes', async () => {
    const company = await t.createCompany('Order Zip Count Co')
    const other = await t.createCompany('Other Order Zip Count Co')
    const addresses = [
      { last_known_zip: '36602', borrower_zip: '35203' },
      { last_known_zip: 'N/A', borrower_zip: ' 36603-1234' },
      { borrower_zip: null, borrower_work_zip: '36701' },
      { borrower_zip: '' },
      {},
      { borrower_zip: '99501' },
    ]
    await t.db
      .insertInto('orders')
      .values([
        ...addresses.map((address, i) => ({
          company_id: company,
          order_number: `ZIP-${i}`,
          status: i % 2 === 0 ? 'Open' : 'Repossessed',
          ...address,
        })),
        { company_id: other, order_number: 'ZIP-OTHER', status: 'Open', borrower_zip: '36602' },
      ])
      .execute()
    for (const digits of [3, 5] as const)
      expect(await ofOrders(company, digits)).toEqual(await groupedOrders(company, digits))

    await t.db.updateTable('orders').set({ status: 'Open' }).where('order_number', '=', 'ZIP-1').execute()
    await t.db.updateTable('orders').set({ last_known_zip: '10001' }).where('order_number', '=', 'ZIP-2').execute()
    await t.db.deleteFrom('orders').where('order_number', '=', 'ZIP-4').execute()
    for (const digits of [3, 5] as const) {
      expect(await ofOrders(company, digits)).toEqual(await groupedOrders(company, digits))
      expect(await ofOrders(company, digits, ['Open'])).toEqual(await groupedOrders(company, digits, ['Open']))
    }
    expect(await ofOrders(company, 5, [], ['36602', '36603'])).toEqual(
      (await groupedOrders(company, 5)).filter((row) => row.zip === null || ['36602', '36603'].includes(row.zip)),
    )
    expect(await ofOrders(other, 5)).toEqual([{ zip: '36602', status: 'Open', count: 1 }])
  })

  it('reads the kept counts, not every order', async () => {
    const company = await t.createCompany('Kept Order Zip Co')
    await t.db
      .insertInto('orders')
      .values({ company_id: company, order_number: 'KEPT-1', status: 'Open', borrower_zip: '36602' })
      .execute()
    // A kept count set apart from the orders shows in the answer: the orders were not grouped again.
    await t.db.updateTable('order_zip_counts').set({ orders: 41 }).where('company_id', '=', company).execute()
    expect(await ofOrders(company, 5)).toEqual([{ zip: '36602', status: 'Open', count: 41 }])
  })
})

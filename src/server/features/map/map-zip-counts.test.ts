import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { type CaseFilter, zipCounts } from './repository'

// The map's RDN case counts by place and status at a million cases (issue 42): kept by the database
// (migration 054), the same answer as grouping the cases.

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

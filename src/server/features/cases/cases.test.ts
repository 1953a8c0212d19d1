import type { Insertable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveCaseView } from '../../../domain/cases/case-view'
import type { RdnCasesTable } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { caseView } from './case-view'
import { findAgentProfiles, findCase } from './repository'

let t: TestApp
let cookie: string
let outsiderCookie: string

function caseRow(
  companyId: string,
  caseId: number,
  overrides: Partial<Insertable<RdnCasesTable>> = {},
): Insertable<RdnCasesTable> {
  return {
    company_id: companyId,
    case_id: caseId,
    case_number: `RDN-${caseId}`,
    status: 'Open',
    make: 'Honda',
    model: 'Accord',
    year: 2018,
    color: 'Gray',
    vin: `VIN${caseId}XYZ`,
    lender_name: 'Plain Lender',
    debtor_name: `Debtor ${caseId}`,
    order_date: '2025-02-15',
    detected_market: 'Unknown',
    ...overrides,
  }
}

beforeAll(async () => {
  t = await createTestApp()
  cookie = (await t.createUser('field_manager')).cookie
  const rows = [
    caseRow(t.companyId, 1001, {
      status: 'Repossessed',
      detected_market: 'Mobile',
      order_date: '2025-01-01',
      substatus: 'Keys Requested|Close Fee Requested',
      storage_location_name: 'Copart Mobile',
      assigned_agent_id: '7001',
    }),
    caseRow(t.companyId, 1002, {
      status: 'Repossessed',
      detected_market: 'Birmingham',
      order_date: '2025-01-31',
      substatus: 'Keys Requested',
    }),
    caseRow(t.companyId, 1003, {
      status: 'Closed',
      detected_market: 'Mobile',
      order_date: '2025-02-01',
      make: 'Subaru',
      model: 'Outback',
      color: 'Teal',
    }),
    caseRow(t.companyId, 1004, {
      status: 'Need Info',
      detected_market: 'Montgomery',
      order_date: '2024-12-31',
      lender_name: 'Zenith Auto Credit',
      year: 1999,
    }),
    caseRow(t.companyId, 1005, {
      case_number: null,
      debtor_name: null,
      debtor_first_name: 'Ezra',
      debtor_middle_initial: 'B',
      debtor_last_name: 'Lovelace',
      order_date: null,
    }),
    ...Array.from({ length: 60 }, (_, index) => caseRow(t.companyId, 2000 + index, { order_date: '2025-03-01' })),
  ]
  await t.db.insertInto('rdn_cases').values(rows).execute()
  const agent = await t.createUser('recovery_agent')
  await t.db
    .updateTable('profiles')
    .set({ rdn_id_number: '7001', first_name: 'Riley', last_name: 'Runner' })
    .where('id', '=', agent.profileId)
    .execute()
  const other = await t.createCompany('Other Agency')
  await t.db
    .insertInto('rdn_cases')
    .values(caseRow(other, 9999, { vin: 'SECRETVIN999', status: 'Open' }))
    .execute()
  outsiderCookie = (await t.createUser('admin', other)).cookie
})
afterAll(() => t?.close())

async function list(query: string) {
  const response = await t.request('GET', `/api/cases?${query}`, { cookie })
  expect(response.status, JSON.stringify(response.json)).toBe(200)
  return response.json as {
    cases: Array<Record<string, any>>
    total: number
    totalIsCapped: boolean
    page: number
    pageSize: number
  }
}
const ids = (result: { cases: Array<Record<string, any>> }) =>
  result.cases.map((row) => Number(row.case_id)).sort((a, b) => a - b)

describe('case list: paging and sorting', () => {
  it('pages by 50, newest order date first, with the total', async () => {
    const first = await list('')
    expect(first).toMatchObject({ total: 65, totalIsCapped: false, page: 1, pageSize: 50 })
    expect(first.cases).toHaveLength(50)
    expect(first.cases[0].order_date).toBe('2025-03-01')
    const second = await list('page=2')
    expect(second.cases).toHaveLength(15)
    expect(second.cases.at(-1)?.case_id).toBe(1005) // no order date sorts last
  })

  it('sorts by another column either way', async () => {
    const byYear = await list('sort=year&dir=asc')
    expect(byYear.cases[0].case_id).toBe(1004)
    const byCase = await list('sort=case_id&dir=desc')
    expect(byCase.cases[0].case_id).toBe(2059)
  })

  it('sorts by the debtor name it shows: derived from the parts when the case has only those', async () => {
    // 'Ezra B Lovelace' (first, middle initial, last) sorts after every 'Debtor ...'.
    expect((await list('sort=debtor_name&dir=desc')).cases[0]).toMatchObject({
      case_id: 1005,
      debtor_name: 'Ezra B Lovelace',
    })
    const ascending = await list('sort=debtor_name&dir=asc&page=2')
    expect(ascending.cases.at(-1)?.case_id).toBe(1005)
  })

  it('answers an unknown sort column or a bad date with a 400 naming it', async () => {
    expect((await t.request('GET', '/api/cases?sort=password', { cookie })).json.error.field).toBe('sort')
    expect((await t.request('GET', '/api/cases?from=01/02/2025', { cookie })).json.error.field).toBe('from')
  })
})

describe('case list: filters (SPEC.md section 5)', () => {
  it.each([
    ['status=Repossessed', [1001, 1002]],
    ['status=Repossessed&status=Closed', [1001, 1002, 1003]],
    ['market=Mobile', [1001, 1003]],
    ['substatus=Keys%20Requested', [1001, 1002]],
    ['substatus=Close%20Fee%20Requested', [1001]],
    ['from=2025-01-01&to=2025-01-31', [1001, 1002]],
    ['from=2024-12-31&to=2024-12-31', [1004]],
    ['status=Repossessed&market=Mobile&from=2025-01-01&to=2025-01-01', [1001]],
  ])('%s', async (query, expected) => {
    expect(ids(await list(query))).toEqual(expected)
  })

  it.each([
    ['rdn-1003', 'case_number', [1003]],
    ['lovelace', 'debtor_name (derived from the parts)', [1005]],
    ['ezra b lovelace', 'debtor_name (first, middle initial and last joined)', [1005]],
    ['debtor 1002', 'debtor_name', [1002]],
    ['SUBARU', 'make', [1003]],
    ['outback', 'model', [1003]],
    ['teal', 'color', [1003]],
    ['zenith', 'lender_name', [1004]],
    ['vin1002x', 'vin', [1002]],
    ['1999', 'year', [1004]],
    ['1005', 'case_id', [1005]],
  ])('searches %s in %s', async (q, _column, expected) => {
    expect(ids(await list(`q=${encodeURIComponent(q)}`))).toEqual(expected)
  })
})

describe('case list: scoping', () => {
  it("never shows another company's cases, in the list or the detail", async () => {
    expect((await list('q=secretvin')).cases).toEqual([])
    expect((await t.request('GET', '/api/cases/9999', { cookie })).status).toBe(404)
    const outsider = await t.request('GET', '/api/cases', { cookie: outsiderCookie })
    expect(outsider.json.total).toBe(1)
  })

  it('refuses roles without Order Management', async () => {
    const driver = await t.createUser('camera_driver')
    expect((await t.request('GET', '/api/cases', { cookie: driver.cookie })).status).toBe(403)
  })
})

describe('case detail', () => {
  it('returns the derived view: storage mapping, sub-statuses, agent, client, order number', async () => {
    const response = await t.request('GET', '/api/cases/1001', { cookie })
    expect(response.status).toBe(200)
    expect(response.json.case).toMatchObject({
      case_id: 1001,
      storage_location: 'Direct Drop',
      parsed_substatuses: ['Keys Requested', 'Close Fee Requested'],
      client: 'Plain Lender',
      order_number: 'RDN-1001',
      priority: 'normal',
      assigned_agent: { first_name: 'Riley', last_name: 'Runner', full_name: 'Riley Runner' },
    })
    const fallback = await t.request('GET', '/api/cases/1005', { cookie })
    expect(fallback.json.case).toMatchObject({
      order_number: '1005',
      debtor_name: 'Ezra B Lovelace',
      storage_location: null,
    })
  })

  it.each([1001, 1005])(
    'case %i: the view built as one literal is deriveCaseView of the row, key for key',
    async (caseId) => {
      const row = await findCase(t.db, t.companyId, caseId)
      if (!row) throw new Error('the case was not inserted')
      const agents = await findAgentProfiles(t.db, t.companyId, row.assigned_agent_id ? [row.assigned_agent_id] : [])
      const built = caseView(row, agents)
      const derived = deriveCaseView(row, agents)
      expect(Object.keys(built)).toEqual(Object.keys(derived))
      expect(built).toEqual(derived)
    },
  )

  it.each(['123456', 'abc', '12.5', '-1'])('answers %s with 404', async (caseId) => {
    const response = await t.request('GET', `/api/cases/${caseId}`, { cookie })
    expect(response.status).toBe(404)
    expect(response.json.error.message).toBe('The requested case could not be found.')
  })
})

import type { Insertable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RdnCasesTable } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { auditRows, csvRows, download, xlsxRows } from './export-test-helpers'
import { EXPORT_BATCH_SIZE, findExportList, parseExportRequest, startExport } from './service'

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
let outsider: Awaited<ReturnType<TestApp['createUser']>>

const MANY = EXPORT_BATCH_SIZE + 437

function caseRow(companyId: string, caseId: number, overrides: Partial<Insertable<RdnCasesTable>> = {}) {
  return {
    company_id: companyId,
    case_id: caseId,
    case_number: `RDN-${caseId}`,
    status: 'Open',
    make: 'Honda',
    model: 'Accord',
    year: 2018,
    vin: `VIN${caseId}`,
    lender_name: 'Plain Lender',
    debtor_name: `Debtor ${caseId}`,
    order_date: '2025-02-15',
    detected_market: 'Unknown',
    ...overrides,
  } satisfies Insertable<RdnCasesTable>
}

beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
  const otherCompany = await t.createCompany('Elsewhere Recovery')
  outsider = await t.createUser('manager', otherCompany)
  await t.db
    .insertInto('rdn_cases')
    .values([
      caseRow(t.companyId, 1, {
        status: 'Repossessed',
        detected_market: 'Mobile',
        order_date: '2025-01-05',
        repo_date: '2025-03-02',
        debtor_name: '=HYPERLINK("http://evil.example","click")',
        lender_name: '+1 Lender',
        updated_at: '2025-03-02T10:11:12.345678Z',
      }),
      caseRow(t.companyId, 2, { status: 'Repossessed', detected_market: 'Mobile', order_date: '2025-01-20' }),
      caseRow(t.companyId, 3, { status: 'Repossessed', detected_market: 'Birmingham', order_date: '2025-01-25' }),
      caseRow(t.companyId, 4, { status: 'Closed', detected_market: 'Mobile', order_date: null, year: null }),
      caseRow(t.companyId, 5, { debtor_name: null, debtor_first_name: 'Ezra', debtor_last_name: '@Lovelace' }),
      caseRow(otherCompany, 9, { status: 'Repossessed', detected_market: 'Mobile', vin: 'SECRETVIN' }),
    ])
    .execute()
  // Many more than one batch, on a second lender, for the batching tests.
  for (let start = 0; start < MANY; start += 500) {
    const rows = []
    for (let index = start; index < Math.min(MANY, start + 500); index++) {
      const day = String((index % 28) + 1).padStart(2, '0')
      rows.push(
        caseRow(t.companyId, 10_000 + index, {
          lender_name: 'Bulk Lender',
          order_date: index % 50 === 0 ? null : `2024-0${(index % 9) + 1}-${day}`,
          year: index % 7 === 0 ? null : 2000 + (index % 20),
          debtor_name: index % 11 === 0 ? null : `Bulk ${index % 97}`,
        }),
      )
    }
    await t.db.insertInto('rdn_cases').values(rows).execute()
  }
})
afterAll(() => t?.close())

const caseIdsOf = (rows: string[][]) => rows.slice(1).map((row) => Number(row[0]))

describe('case export: CSV', () => {
  it("streams only the filtered cases, in the list's order, with a header, BOM and attachment name", async () => {
    const file = await download(t, '/api/exports/cases?format=csv&status=Repossessed&market=Mobile', manager.cookie)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cases-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''cases-\d{4}-\d{2}-\d{2}\.csv$/,
    )
    const rows = csvRows(file.text)
    expect(rows[0].slice(0, 4)).toEqual(['Case ID', 'Case Number', 'Order Date', 'Status'])
    // Newest order date first, as the list shows them.
    expect(caseIdsOf(rows)).toEqual([2, 1])
  })

  it('escapes formula-like text and writes dates as ISO days and instants', async () => {
    const rows = csvRows((await download(t, '/api/exports/cases?lender=%2B1%20Lender', manager.cookie)).text)
    const header = rows[0]
    const first = rows.find((row) => row[0] === '1') as string[]
    const cell = (name: string) => first[header.indexOf(name)]
    expect(cell('Debtor')).toBe(`'=HYPERLINK("http://evil.example","click")`)
    expect(cell('Client')).toBe("'+1 Lender")
    expect(cell('Order Date')).toBe('2025-01-05')
    expect(cell('Repo Date')).toBe('2025-03-02')
    expect(cell('Updated')).toBe('2025-03-02T10:11:12.345Z')
    expect(rows).toHaveLength(2)
    const plain = csvRows((await download(t, '/api/exports/cases?lender=Plain%20Lender', manager.cookie)).text)
    const ezra = plain.find((row) => row[0] === '5') as string[]
    // The debtor name derived from its parts; the @ is not at the start, so it stays as it is.
    expect(ezra[header.indexOf('Debtor')]).toBe('Ezra @Lovelace')
  })

  it("never includes another company's cases", async () => {
    const mine = csvRows((await download(t, '/api/exports/cases?status=Repossessed', manager.cookie)).text)
    expect(caseIdsOf(mine).sort()).toEqual([1, 2, 3])
    const theirs = csvRows((await download(t, '/api/exports/cases', outsider.cookie)).text)
    expect(caseIdsOf(theirs)).toEqual([9])
  })
})

describe('case export: XLSX', () => {
  it('parses back with real dates, numbers and escaped text', async () => {
    const file = await download(t, '/api/exports/cases?format=xlsx&lender=%2B1%20Lender', manager.cookie)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(file.headers.get('content-disposition')).toMatch(/filename="cases-\d{4}-\d{2}-\d{2}\.xlsx"/)
    const sheet = await xlsxRows(file.bytes)
    expect(sheet.name).toBe('RDN Cases')
    const header = sheet.rows[0].values as string[]
    const first = sheet.rows.find((row) => row.values[0] === 1)
    if (!first) throw new Error('case 1 missing')
    const at = (name: string) => header.indexOf(name)
    expect(first.values[at('Order Date')]).toEqual(new Date('2025-01-05T00:00:00Z'))
    expect(first.formats[at('Order Date')]).toBe('yyyy-mm-dd')
    expect(first.values[at('Updated')]).toEqual(new Date('2025-03-02T10:11:12.345Z'))
    expect(first.values[at('Year')]).toBe(2018)
    expect(first.values[at('Debtor')]).toBe(`'=HYPERLINK("http://evil.example","click")`)
    expect(first.values[at('Client')]).toBe("'+1 Lender")
  })
})

describe('case export: refusals', () => {
  it('refuses a role without Order Management with 403, and logs the refusal', async () => {
    const driver = await t.createUser('camera_driver')
    expect((await download(t, '/api/exports/cases?format=csv', driver.cookie)).status).toBe(403)
    const refused = await t.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'request.refused')
      .where('actor_user_id', '=', driver.userId)
      .execute()
    expect(refused.map((row) => row.target)).toEqual(['GET /api/exports/cases'])
  })

  it('answers 401 signed out, 404 for an unknown list, 400 naming a bad format or filter', async () => {
    expect((await download(t, '/api/exports/cases', '')).status).toBe(401)
    expect((await download(t, '/api/exports/passwords', manager.cookie)).status).toBe(404)
    const badFormat = await download(t, '/api/exports/cases?format=pdf', manager.cookie)
    expect(badFormat.status).toBe(400)
    expect(JSON.parse(badFormat.text).error.field).toBe('format')
    const badSort = await download(t, '/api/exports/cases?sort=password', manager.cookie)
    expect(badSort.status).toBe(400)
    expect(JSON.parse(badSort.text).error.field).toBe('sort')
    const badDay = await download(t, '/api/exports/cases?from=01/02/2025', manager.cookie)
    expect(JSON.parse(badDay.text).error.field).toBe('from')
  })
})

describe('case export: audit', () => {
  it('records who exported which list with which filters and how many rows', async () => {
    const person = await t.createUser('manager')
    await download(t, '/api/exports/cases?format=xlsx&status=Repossessed&market=Mobile', person.cookie)
    const [entry] = await auditRows(t, person.userId)
    expect(entry).toMatchObject({ target: 'export:cases', company_id: t.companyId })
    expect(entry.detail).toEqual({
      list: 'cases',
      format: 'xlsx',
      filters: { status: 'Repossessed', market: 'Mobile' },
      rows: 2,
      completed: true,
    })
  })
})

describe('case export: batches', () => {
  it('streams more rows than one batch, complete and in order', async () => {
    const rows = csvRows(
      (await download(t, '/api/exports/cases?lender=Bulk%20Lender&sort=case_id&dir=asc', manager.cookie)).text,
    )
    const ids = caseIdsOf(rows)
    expect(ids).toHaveLength(MANY)
    expect(ids).toEqual(Array.from({ length: MANY }, (_, index) => 10_000 + index))
  })

  it.each([
    ['order_date', 'desc'],
    ['order_date', 'asc'],
    ['year', 'asc'],
    ['year', 'desc'],
    ['debtor_name', 'asc'],
    ['updated_at', 'desc'],
  ])('pages by %s %s (ties and missing values) exactly as the list does', async (sort, dir) => {
    const viewer = await viewerOf(manager)
    const list = findExportList('cases')
    const filters = { lender: 'Bulk Lender', sort, dir }
    const request = parseExportRequest(list, filters)
    const file = await startExport(t.deps, viewer, list, request, { batchSize: 97 })
    const exported = caseIdsOf(csvRows(Buffer.from(await new Response(file.body).arrayBuffer()).toString('utf8')))
    const listed: number[] = []
    for (let page = 1; listed.length < MANY; page++) {
      const response = await t.request('GET', `/api/cases?lender=Bulk%20Lender&sort=${sort}&dir=${dir}&page=${page}`, {
        cookie: manager.cookie,
      })
      listed.push(...response.json.cases.map((row: { case_id: number }) => Number(row.case_id)))
    }
    expect(exported).toEqual(listed)
  })

  it('stops reading the database when the client goes away', async () => {
    const person = await t.createUser('manager')
    const response = await t.app.fetch(
      new Request('http://localhost:3000/api/exports/cases?lender=Bulk%20Lender', {
        headers: { cookie: person.cookie, origin: t.config.baseUrl, 'x-forwarded-for': '10.0.0.9' },
      }),
    )
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    await reader.cancel()
    let entries = await auditRows(t, person.userId)
    for (let wait = 0; entries.length === 0 && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      entries = await auditRows(t, person.userId)
    }
    const detail = entries[0].detail as { rows: number; completed: boolean }
    expect(detail.completed).toBe(false)
    expect(detail.rows).toBeLessThan(MANY)
  })
})

async function viewerOf(user: Awaited<ReturnType<TestApp['createUser']>>) {
  const me = await t.request('GET', '/api/me', { cookie: user.cookie })
  return {
    userId: user.userId,
    email: user.email,
    profileId: user.profileId,
    companyId: t.companyId,
    role: 'manager' as const,
    rawRole: 'manager',
    mustChangePassword: false,
    sessionId: String(me.json?.session?.id ?? 'test'),
    impersonatorUserId: null,
  }
}

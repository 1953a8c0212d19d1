import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { auditRows, csvRows, download, xlsxRows } from './export-test-helpers'

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
let outsider: Awaited<ReturnType<TestApp['createUser']>>

beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
  const agent = await t.createUser('recovery_agent')
  await t.db
    .updateTable('profiles')
    .set({ first_name: '=cmd|calc', last_name: 'Agent', market: 'Mobile' })
    .where('id', '=', agent.profileId)
    .execute()
  const other = await t.createCompany('Elsewhere Recovery')
  outsider = await t.createUser('manager', other)
  await t.db
    .insertInto('clients')
    .values([
      { company_id: t.companyId, name: 'Ally Financial', client_code: 'ALLY', lienholder_name: '@Ally' },
      { company_id: t.companyId, name: 'Chase Auto', client_code: 'CHASE', active: false },
      { company_id: other, name: 'Secret Bank', client_code: 'SECRET' },
    ])
    .execute()
  await t.db
    .insertInto('rdn_cases')
    .values({ company_id: t.companyId, case_id: 1, case_number: 'R-1', lender_name: 'ally financial' })
    .execute()
})
afterAll(() => t?.close())

describe('users export (User Management)', () => {
  it('exports the filtered people of the company, formula-like names escaped', async () => {
    const rows = csvRows((await download(t, '/api/exports/users?role=recovery_agent', manager.cookie)).text)
    expect(rows[0]).toEqual(['First Name', 'Last Name', 'Email', 'Role', 'Market', 'RDN ID', 'Active', 'Created'])
    expect(rows).toHaveLength(2)
    expect(rows[1].slice(0, 2)).toEqual(["'=cmd|calc", 'Agent'])
    expect(rows[1][3]).toBe('Recovery Agent')
    expect(rows[1][6]).toBe('TRUE')
    expect(rows[1][7]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it("lists everyone of the company in the screen's order, and nobody of another company", async () => {
    const rows = csvRows((await download(t, '/api/exports/users', manager.cookie)).text)
    const emails = rows.slice(1).map((row) => row[2])
    expect(emails).toContain(manager.email)
    expect(emails).not.toContain(outsider.email)
    const listed = await t.request('GET', '/api/users', { cookie: manager.cookie })
    expect(emails).toEqual(listed.json.users.map((user: { email: string }) => user.email))
  })

  it('writes the created time as a real date in XLSX', async () => {
    const sheet = await xlsxRows((await download(t, '/api/exports/users?format=xlsx', manager.cookie)).bytes)
    expect(sheet.rows[1].values[7]).toBeInstanceOf(Date)
    expect(sheet.rows[1].formats[7]).toBe('yyyy-mm-dd hh:mm:ss')
  })

  it('refuses a role without User Management, and names a bad role filter', async () => {
    const fieldManager = await t.createUser('field_manager')
    expect((await download(t, '/api/exports/users', fieldManager.cookie)).status).toBe(403)
    const bad = await download(t, '/api/exports/users?role=king', manager.cookie)
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.text).error.field).toBe('role')
  })
})

describe('clients export (Client Management)', () => {
  it("exports the searched clients of the company with the screen's counts", async () => {
    const all = csvRows((await download(t, '/api/exports/clients', manager.cookie)).text)
    expect(all[0]).toEqual([
      'Name',
      'Lienholder',
      'Display Name',
      'Client Code',
      'Active',
      'Orders',
      'RDN Cases',
      'Created',
    ])
    // Active first, then by name; never another company's.
    expect(all.slice(1).map((row) => row[0])).toEqual(['Ally Financial', 'Chase Auto'])
    expect(all[1].slice(1, 7)).toEqual(["'@Ally", '', 'ALLY', 'TRUE', '0', '1'])
    const searched = csvRows((await download(t, '/api/exports/clients?q=chase', manager.cookie)).text)
    expect(searched.slice(1).map((row) => row[0])).toEqual(['Chase Auto'])
    const [entry] = (await auditRows(t, manager.userId)).filter((row) => row.target === 'export:clients').slice(-1)
    expect(entry.detail).toMatchObject({ filters: { q: 'chase' }, rows: 1, completed: true })
  })

  it('refuses a role without Client Management', async () => {
    const agent = await t.createUser('recovery_agent')
    expect((await download(t, '/api/exports/clients', agent.cookie)).status).toBe(403)
  })
})

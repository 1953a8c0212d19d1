import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { redetectCaseMarkets } from '../cases/sync'

let t: TestApp
let adminCookie: string
let key: string

beforeAll(async () => {
  t = await createTestApp()
  adminCookie = (await t.createUser('admin')).cookie
  await t.db
    .insertInto('market_zip_codes')
    .values([
      { company_id: t.companyId, zip_code: '36602', market: 'Mobile' },
      { company_id: t.companyId, zip_code: '35203', market: 'Birmingham' },
    ])
    .execute()
  const created = await t.request('POST', '/api/integrations/api-keys', {
    cookie: adminCookie,
    body: { name: 'RDN nightly' },
  })
  expect(created.status).toBe(201)
  key = created.json.key
})
afterAll(() => t?.close())

async function sync(body: unknown, apiKey = key) {
  const response = await t.app.fetch(
    new Request('http://localhost:3000/api/sync/rdn-cases', {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
  return { status: response.status, json: (await response.json()) as Record<string, any> }
}
const stored = (caseId: number) =>
  t.db.selectFrom('rdn_cases').selectAll().where('case_id', '=', caseId).executeTakeFirst()

describe('API keys', () => {
  it('are shown once, kept hashed, listed by prefix, and only administrators manage them', async () => {
    expect(key).toMatch(/^rd_[A-Za-z0-9_-]{43}$/)
    const rows = await t.db.selectFrom('api_keys').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(key)
    const listed = await t.request('GET', '/api/integrations/api-keys', { cookie: adminCookie })
    expect(listed.json.keys[0]).toMatchObject({ name: 'RDN nightly', key_prefix: key.slice(0, 10) })
    const manager = await t.createUser('manager')
    expect(
      (await t.request('POST', '/api/integrations/api-keys', { cookie: manager.cookie, body: { name: 'x' } })).status,
    ).toBe(403)
    // The role is checked before the input: a bad body from a manager is refused for the role.
    const badBody = await t.request('POST', '/api/integrations/api-keys', { cookie: manager.cookie, body: { name: 7 } })
    expect(badBody.status).toBe(403)
    expect(badBody.json.error.message).toBe('Only an administrator can manage API keys.')
    expect((await t.request('DELETE', '/api/integrations/api-keys/not-a-key', { cookie: manager.cookie })).status).toBe(
      403,
    )
  })
})

describe('RDN case sync', () => {
  it("takes a full batch of rows with every field (over PGlite's 32,767 bind parameters) and keeps working", async () => {
    const full = (caseId: number) => ({
      case_id: caseId,
      case_number: `BIG-${caseId}`,
      order_type: 'Repossession',
      status: 'Open',
      substatus: 'Skip Trace',
      priority: 'normal',
      make: 'Ford',
      model: 'F-150',
      year: 2019,
      color: 'Blue',
      vin: '1FTEW1EP7MFA98765',
      order_date: '2025-01-02',
      repo_date: null,
      close_date: null,
      close_reason: null,
      lender_name: 'Ally',
      lender_phone: '555-0100',
      lender_type: 'Bank',
      lienholder_name: 'Ally Bank',
      debtor_name: 'Pat Doe',
      debtor_first_name: 'Pat',
      debtor_middle_initial: 'Q',
      debtor_last_name: 'Doe',
      debtor_address: '1 Main St',
      debtor_city: 'Mobile',
      debtor_state: 'AL',
      debtor_zip: '36602',
      debtor_phone: '555-0101',
      debtor_work_address: '2 Main St',
      additional_address: '3 Main St',
      additional_city: 'Mobile',
      additional_state: 'AL',
      additional_zip: '36602',
      vehicle_license_state: 'AL',
      vehicle_license_number: '1AB234',
      recovery_address: null,
      recovery_city: null,
      recovery_state: null,
      recovery_zip: null,
      assigned_agent_id: null,
      is_violent: false,
      vendor_branch_name: 'Mobile',
      storage_location_name: null,
      lot_processing_status: null,
    })
    const result = await sync({ cases: Array.from({ length: 1_000 }, (_, index) => full(900_000 + index)) })
    expect(result.json).toMatchObject({ upserted: 1_000, problems: [] })
    const count = await t.db
      .selectFrom('rdn_cases')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('case_number', 'like', 'BIG-%')
      .executeTakeFirstOrThrow()
    expect(Number(count.count)).toBe(1_000)
    await t.db.deleteFrom('rdn_cases').where('case_number', 'like', 'BIG-%').execute()
  }, 60_000)

  it('upserts good rows with their market, reports bad rows one by one', async () => {
    const result = await sync({
      cases: [
        { case_id: 501, case_number: 'RDN-501', status: 'Open', debtor_zip: '36602', make: 'Ford' },
        { case_id: 'nope' },
        { case_id: 502, recovery_zip: '35203', additional_zip: '36602', order_date: '2025-03-04' },
        { case_id: 503, order_date: 'yesterday' },
      ],
    })
    expect(result.status).toBe(200)
    expect(result.json.upserted).toBe(2)
    expect(result.json.problems.map((problem: { index: number }) => problem.index)).toEqual([1, 3])
    expect(await stored(501)).toMatchObject({
      company_id: t.companyId,
      detected_market: 'Mobile',
      market_confidence: 95,
      market_detection_method: 'debtor_zip',
    })
    expect(await stored(502)).toMatchObject({
      detected_market: 'Birmingham',
      market_confidence: 85,
      market_detection_method: 'recovery_zip',
      order_date: '2025-03-04',
    })
    expect(await stored(503)).toBeUndefined()
  })

  it('is idempotent: the same batch again changes nothing but updated_at', async () => {
    const batch = { cases: [{ case_id: 601, status: 'Open', make: 'Kia' }] }
    await sync(batch)
    const first = await stored(601)
    await sync(batch)
    const again = await t.db.selectFrom('rdn_cases').selectAll().where('case_id', '=', 601).execute()
    expect(again).toEqual([first])
    await sync({ cases: [{ case_id: 601, status: 'Repossessed', make: 'Kia' }] })
    expect((await stored(601))?.status).toBe('Repossessed')
  })

  it('writes only the fields a row sends: a partial update never erases the rest', async () => {
    await sync({
      cases: [
        { case_id: 650, vin: 'KEEPTHISVIN12345', lender_name: 'Ally Financial', status: 'Open', debtor_zip: '36602' },
      ],
    })
    await sync({ cases: [{ case_id: 650, status: 'Repossessed' }] })
    expect(await stored(650)).toMatchObject({
      vin: 'KEEPTHISVIN12345',
      lender_name: 'Ally Financial',
      status: 'Repossessed',
      detected_market: 'Mobile',
    })
    await sync({ cases: [{ case_id: 650, debtor_zip: null, recovery_zip: '35203' }] })
    expect(await stored(650)).toMatchObject({
      debtor_zip: null,
      detected_market: 'Birmingham',
      market_detection_method: 'recovery_zip',
    })
  })

  it('reports an impossible date for its row and keeps the others (no 500)', async () => {
    const result = await sync({
      cases: [
        { case_id: 660, order_date: '2025-02-30' },
        { case_id: 661, make: 'Kept' },
      ],
    })
    expect(result.status).toBe(200)
    expect(result.json).toMatchObject({ upserted: 1 })
    expect(result.json.problems[0].errors[0]).toMatch(/^order_date: /)
  })

  it('deletes by case id', async () => {
    await sync({ cases: [{ case_id: 701 }] })
    const result = await sync({ deleteCaseIds: [701, 999999] })
    expect(result.json.deleted).toBe(1)
    expect(await stored(701)).toBeUndefined()
  })

  it('refuses a missing, unknown or revoked key, and a batch that is all bad', async () => {
    expect((await sync({ cases: [] }, 'rd_not-a-real-key-but-long-enough')).status).toBe(401)
    const response = await t.app.fetch(
      new Request('http://localhost:3000/api/sync/rdn-cases', { method: 'POST', body: '{}' }),
    )
    expect(response.status).toBe(401)
    expect((await sync({ cases: [{ case_id: -1 }] })).status).toBe(400)
    const spare = await t.request('POST', '/api/integrations/api-keys', {
      cookie: adminCookie,
      body: { name: 'spare' },
    })
    await t.request('DELETE', `/api/integrations/api-keys/${spare.json.id}`, { cookie: adminCookie })
    expect((await sync({ cases: [] }, spare.json.key)).status).toBe(401)
  })

  it("writes only into the key's company", async () => {
    const other = await t.createCompany('Other Agency')
    const otherAdmin = await t.createUser('admin', other)
    const otherKey = (
      await t.request('POST', '/api/integrations/api-keys', { cookie: otherAdmin.cookie, body: { name: 'theirs' } })
    ).json.key
    await sync({ cases: [{ case_id: 501, status: 'Closed' }] }, otherKey)
    const rows = await t.db
      .selectFrom('rdn_cases')
      .select(['company_id', 'status'])
      .where('case_id', '=', 501)
      .orderBy('status')
      .execute()
    expect(rows).toEqual([
      { company_id: other, status: 'Closed' },
      { company_id: t.companyId, status: 'Open' },
    ])
  })
})

describe('market re-detection when the ZIP table changes', () => {
  it('recomputes only the cases with an affected ZIP', async () => {
    await sync({
      cases: [
        { case_id: 801, debtor_zip: '36104' },
        { case_id: 802, debtor_zip: '99999' },
      ],
    })
    expect((await stored(801))?.detected_market).toBe('Unknown')
    await t.db
      .insertInto('market_zip_codes')
      .values({ company_id: t.companyId, zip_code: '36104', market: 'Montgomery' })
      .execute()
    const changed = await redetectCaseMarkets(t.db, t.companyId, ['36104'])
    expect(changed).toBe(1)
    expect(await stored(801)).toMatchObject({
      detected_market: 'Montgomery',
      market_confidence: 95,
      market_detection_method: 'debtor_zip',
    })
    await t.db.updateTable('market_zip_codes').set({ active: false }).where('zip_code', '=', '36104').execute()
    await redetectCaseMarkets(t.db, t.companyId, ['36104'])
    expect(await stored(801)).toMatchObject({
      detected_market: 'Unknown',
      market_confidence: 0,
      market_detection_method: 'no_match',
    })
  })
})

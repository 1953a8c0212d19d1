import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let agent: Awaited<ReturnType<TestApp['createUser']>>
let driver: Awaited<ReturnType<TestApp['createUser']>>
let orderId: string

beforeAll(async () => {
  t = await createTestApp()
  agent = await t.createUser('recovery_agent')
  driver = await t.createUser('camera_driver')
  const client = await t.db
    .insertInto('clients')
    .values({
      company_id: t.companyId,
      name: 'Ally Financial',
      lienholder_name: 'Ally Bank',
      client_code: 'ALLFIN-ALBA',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await t.db
    .insertInto('market_zip_codes')
    .values([
      { company_id: t.companyId, zip_code: '35203', market: 'Birmingham' },
      { company_id: t.companyId, zip_code: '36602', market: 'Mobile' },
    ])
    .execute()
  await t.db
    .insertInto('sub_statuses')
    .values([
      { company_id: t.companyId, code: 'CLOSE_FEE_APPROVED', description: 'Close Fee Approved' },
      { company_id: t.companyId, code: 'DOLLYS_FEE', description: 'Dollys Fee Requested' },
      { company_id: t.companyId, code: 'SKIP_TRACE', description: 'Skip Trace In Progress' },
    ])
    .execute()
  const order = await t.db
    .insertInto('orders')
    .values({
      company_id: t.companyId,
      case_number: 'CASE-100',
      order_number: 'ORD-100',
      status: 'Repossessed',
      priority: 'high',
      make: 'Honda',
      model: 'Accord',
      year: 2003,
      color: 'Silver',
      vin: '1HGCM82633A004352',
      borrower_name: 'Jordan Reyes',
      borrower_phone: '205-555-0100',
      borrower_address: '1500 5th Ave N',
      borrower_city: 'Birmingham',
      borrower_state: 'AL',
      borrower_zip: '99999',
      last_known_zip: '36602',
      client_id: client.id,
      assigned_agent_id: agent.profileId,
      assigned_camera_driver_id: driver.profileId,
      recovery_date: '2025-03-04',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  orderId = order.id
  await t.db
    .insertInto('order_sub_statuses')
    .values([
      {
        company_id: t.companyId,
        case_number: 'CASE-100',
        sub_status_code: 'DOLLYS_FEE',
        assigned_at: '2025-03-01T10:00:00Z',
      },
      {
        company_id: t.companyId,
        case_number: 'CASE-100',
        sub_status_code: 'CLOSE_FEE_APPROVED',
        assigned_at: '2025-03-02T10:00:00Z',
      },
      {
        company_id: t.companyId,
        case_number: 'CASE-100',
        sub_status_code: 'SKIP_TRACE',
        assigned_at: '2025-03-03T10:00:00Z',
      },
    ])
    .execute()
  await t.db
    .insertInto('ccd_finds')
    .values({
      company_id: t.companyId,
      order_id: orderId,
      driver_id: driver.profileId,
      location: 'Walmart lot, Mobile',
    })
    .execute()
  await t.db
    .insertInto('repo_completions')
    .values({ company_id: t.companyId, order_id: orderId, agent_id: agent.profileId })
    .execute()
})
afterAll(() => t?.close())

const load = (cookie = agent.cookie, id = orderId) => t.request('GET', `/api/orders/${id}`, { cookie })
const save = (changes: Record<string, unknown>, expectedUpdatedAt: string, cookie = agent.cookie) =>
  t.request('PATCH', `/api/orders/${orderId}`, { cookie, body: { expectedUpdatedAt, changes } })

describe('order detail', () => {
  it('gives the order with client, people, market, fee requests, find and recovery', async () => {
    const response = await load()
    expect(response.status).toBe(200)
    const order = response.json.order
    expect(order).toMatchObject({
      case_number: 'CASE-100',
      vin: '1HGCM82633A004352',
      client: { name: 'Ally Financial', client_code: 'ALLFIN-ALBA' },
      assigned_agent: { id: agent.profileId, full_name: 'Test recovery_agent' },
      assigned_camera_driver: { id: driver.profileId, full_name: 'Test camera_driver' },
      market: { market: 'Mobile', confidence: 95, method: 'fallback_zip' },
      fee_requests: [
        { code: 'DOLLYS_FEE', type: 'Dolly', status: 'requested', assignedAt: '2025-03-01T10:00:00.000Z' },
        { code: 'CLOSE_FEE_APPROVED', type: 'Close', status: 'approved', assignedAt: '2025-03-02T10:00:00.000Z' },
      ],
      found_by: { location: 'Walmart lot, Mobile', driver: { id: driver.profileId } },
      recovered_by: { agent: { id: agent.profileId } },
    })
    expect(order.sub_statuses).toHaveLength(3)
  })

  it('uses the borrower ZIP first (primary_zip)', async () => {
    await t.db.updateTable('orders').set({ borrower_zip: '35203' }).where('id', '=', orderId).execute()
    expect((await load()).json.order.market).toEqual({ market: 'Birmingham', confidence: 95, method: 'primary_zip' })
  })

  it("is 404 'Order not found' for an unknown id, a malformed id and another company's order", async () => {
    const unknown = await load(agent.cookie, '00000000-0000-4000-8000-000000000000')
    expect(unknown.status).toBe(404)
    expect(unknown.json.error.message).toBe('Order not found')
    expect((await load(agent.cookie, 'not-an-id')).status).toBe(404)
    const outsider = await t.createUser('admin', await t.createCompany('Other Agency'))
    expect((await load(outsider.cookie)).status).toBe(404)
    const current = (await load()).json.order
    expect((await save({ color: 'Red' }, current.updated_at, outsider.cookie)).status).toBe(404)
  })

  it('needs a signed-in person', async () => {
    expect((await load('')).status).toBe(401)
  })
})

describe('order edits', () => {
  it('saves only the edited fields, bumps updated_at and writes an audit row', async () => {
    const before = (await load()).json.order
    const response = await save({ borrower_phone: '(251) 555-0199', borrower_state: 'al' }, before.updated_at)
    expect(response.status).toBe(200)
    const after = (await load()).json.order
    expect(after.borrower_phone).toBe('(251) 555-0199')
    expect(after.borrower_state).toBe('AL')
    expect(after.borrower_name).toBe(before.borrower_name)
    expect(after.updated_at).toBe(response.json.updated_at)
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime())
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'detail', 'actor_user_id'])
      .where('action', '=', 'order.updated')
      .executeTakeFirstOrThrow()
    expect(audit).toMatchObject({ target: `order:${orderId}`, actor_user_id: agent.userId })
    expect(audit.detail).toMatchObject({ fields: ['borrower_phone', 'borrower_state'] })
    expect(JSON.stringify(audit.detail)).not.toContain('555-0199')
  })

  it('refuses non-editable fields and bad formats with a 400 naming the problem, changing nothing', async () => {
    const current = (await load()).json.order
    const vin = await save({ vin: '1FTFW1ET5DFC10312' }, current.updated_at)
    expect(vin.status).toBe(400)
    expect(vin.json.error.message).toContain('Not an editable field: vin.')
    const zip = await save({ borrower_zip: '3520' }, current.updated_at)
    expect(zip.status).toBe(400)
    expect(zip.json.error).toMatchObject({
      field: 'changes.borrower_zip',
      message: 'changes.borrower_zip: ZIP must be 5 digits or ZIP+4.',
    })
    const state = await save({ borrower_work_state: 'XX' }, current.updated_at)
    expect(state.status).toBe(400)
    expect((await save({ color: 'Red' }, 'yesterday')).status).toBe(400)
    expect((await load()).json.order.updated_at).toBe(current.updated_at)
  })

  it('detects a conflicting edit: the second save from the same version is refused with 409', async () => {
    const opened = (await load()).json.order
    const first = await save({ color: 'Blue' }, opened.updated_at)
    expect(first.status).toBe(200)
    const second = await save({ color: 'Green' }, opened.updated_at, driver.cookie)
    expect(second.status).toBe(409)
    expect(second.json.error.message).toMatch(/Someone else changed this order/)
    expect((await load()).json.order.color).toBe('Blue')
  })
})

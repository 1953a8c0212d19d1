import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { csvRows, download } from '../exports/export-test-helpers'
import { seedDashboardCompany, TODAY } from './dashboard-fixtures'

let t: TestApp
let seeded: Awaited<ReturnType<typeof seedDashboardCompany>>
beforeAll(async () => {
  t = await createTestApp()
  seeded = await seedDashboardCompany(t)
})
afterAll(() => t?.close())

const get = async (path: string, cookie: string) => {
  const response = await t.request('GET', path, { cookie })
  expect(response.status).toBe(200)
  return response.json
}
const numbers = (items: Array<{ number: string }>) => items.map((item) => item.number).sort()

describe('recovery agent dashboard', () => {
  it("lists the agent's open orders and RDN cases (mapped and own ids) with ZIP centres, and this week's recoveries", async () => {
    const body = await get(`/api/dashboards/recovery-agent?today=${TODAY}`, seeded.agent.cookie)
    expect(numbers(body.assignments)).toEqual(['C-1', 'C-2', 'CN-O-1'])
    const order = body.assignments.find((item: { number: string }) => item.number === 'CN-O-1')
    expect(order).toMatchObject({ kind: 'order', href: `/order/${seeded.orderIds.get('O-1')}`, zip: '36602' })
    expect(order.coordinates.lat).toBeCloseTo(30.69, 1)
    expect(body.assignments.find((item: { number: string }) => item.number === 'C-1')).toMatchObject({
      kind: 'case',
      href: '/cases/1',
      address: '1 Main St, Mobile, AL 36602',
    })
    // Case 4 by repo date (Tuesday) and order O-7 by its completion (today); case 6 was last month.
    expect(numbers(body.recovered)).toEqual(['C-4', 'CN-O-7'])
  })

  it("counts a completion in the agent's week by their own midnight, not the server's", async () => {
    // Monday 03:00 UTC is still Sunday evening in Alabama (UTC-6, offset 360).
    const late = await t.db
      .insertInto('repo_completions')
      .values({
        company_id: t.companyId,
        order_id: seeded.orderIds.get('O-1') as string,
        agent_id: seeded.agent.profileId,
        completed_at: new Date('2026-11-16T03:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    try {
      const utc = await get(`/api/dashboards/recovery-agent?today=${TODAY}&offset=0`, seeded.agent.cookie)
      expect(utc.recovered.find((item: { number: string }) => item.number === 'CN-O-1')?.recoveredOn).toBe('2026-11-16')
      const alabama = await get(`/api/dashboards/recovery-agent?today=${TODAY}&offset=360`, seeded.agent.cookie)
      expect(numbers(alabama.recovered)).toEqual(['C-4', 'CN-O-7'])
      // Without the browser's offset, the agency's midnight (Chicago's, as Alabama's), not the server's.
      const unsaid = await get(`/api/dashboards/recovery-agent?today=${TODAY}`, seeded.agent.cookie)
      expect(numbers(unsaid.recovered)).toEqual(['C-4', 'CN-O-7'])
      const exported = await download(t, `/api/exports/recovery-agent-recovered?today=${TODAY}`, seeded.agent.cookie)
      const [header, ...rows] = csvRows(exported.text)
      expect(rows.map((row) => row[header.indexOf('Case Number')]).sort()).toEqual(['C-4', 'CN-O-7'])
      const bad = await t.request('GET', '/api/dashboards/recovery-agent?today=0000-01-05', {
        cookie: seeded.agent.cookie,
      })
      expect(bad.status).toBe(400)
      expect(JSON.stringify(bad.json)).toContain('must be a year from 1900 to 2100')
    } finally {
      await t.db.deleteFrom('repo_completions').where('id', '=', late.id).execute()
    }
  })

  it('shows another agent only their own', async () => {
    const body = await get(`/api/dashboards/recovery-agent?today=${TODAY}`, seeded.otherAgent.cookie)
    expect(numbers(body.assignments)).toEqual(['C-3', 'CN-O-5'])
    expect(numbers(body.recovered)).toEqual([])
    expect((await t.request('GET', '/api/dashboards/recovery-agent', { cookie: seeded.driver.cookie })).status).toBe(
      403,
    )
  })
})

describe('camera car driver dashboard', () => {
  it('lists the open orders of the driver’s market, narrowed by a plate fragment', async () => {
    const all = await get('/api/dashboards/camera-driver', seeded.driver.cookie)
    expect(all.markets).toEqual(['Mobile'])
    expect(all.total).toBe(3)
    expect(numbers(all.lookout)).toEqual(['CN-O-1', 'CN-O-2', 'CN-O-3'])
    expect(all.lookout[0]).toMatchObject({ vehicle: '2019 Toyota Camry', color: 'Blue', area: 'Mobile, AL 36602' })
    // Spaces and dashes do not matter; O-4 matches too but is in Birmingham.
    const fragment = await get('/api/dashboards/camera-driver?plate=3b%20c', seeded.driver.cookie)
    expect(numbers(fragment.lookout)).toEqual(['CN-O-1', 'CN-O-3'])
    expect(fragment.total).toBe(2)
  })

  it('records a find: the find, the order’s last sighting, and a notice to the field managers of that market only', async () => {
    const orderId = seeded.orderIds.get('O-2') as string
    const found = await t.request('POST', '/api/dashboards/camera-driver/finds', {
      cookie: seeded.driver.cookie,
      body: { orderId, location: 'Walmart, Airport Blvd', notes: 'Backed in' },
    })
    expect(found.status).toBe(201)
    expect(found.json.notified).toBe(1)
    const order = await t.db
      .selectFrom('orders')
      .select(['last_spotted_location', 'last_spotted_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(order.last_spotted_location).toBe('Walmart, Airport Blvd')
    expect(order.last_spotted_at).not.toBeNull()
    const mine = await get('/api/dashboards/camera-driver', seeded.driver.cookie)
    expect(mine.myFinds[0]).toMatchObject({ number: 'CN-O-2', location: 'Walmart, Airport Blvd' })

    const mobile = await get('/api/dashboards/field-manager', seeded.mobileManager.cookie)
    expect(mobile.finds).toHaveLength(1)
    expect(mobile.finds[0].message).toContain(
      'found 2019 Toyota Camry (AL 7XY-555, case CN-O-2) at Walmart, Airport Blvd',
    )
    expect(mobile.finds[0].href).toBe(`/order/${orderId}`)
    const birmingham = await get('/api/dashboards/field-manager', seeded.birminghamManager.cookie)
    expect(birmingham.finds).toEqual([])

    // Read by its own manager only.
    const ids = [mobile.finds[0].id]
    const byOther = await t.request('POST', '/api/dashboards/notifications/read', {
      cookie: seeded.birminghamManager.cookie,
      body: { ids },
    })
    expect(byOther.json.read).toBe(0)
    await t.request('POST', '/api/dashboards/notifications/read', {
      cookie: seeded.mobileManager.cookie,
      body: { ids },
    })
    expect((await get('/api/dashboards/field-manager', seeded.mobileManager.cookie)).finds).toEqual([])
  })

  it('refuses a find outside the driver’s market or company, and bad input', async () => {
    const post = (body: unknown) =>
      t.request('POST', '/api/dashboards/camera-driver/finds', { cookie: seeded.driver.cookie, body })
    expect((await post({ orderId: seeded.orderIds.get('O-4') })).status).toBe(404)
    // In the driver's market but no longer open (repossessed): nothing to find.
    expect((await post({ orderId: seeded.orderIds.get('O-7') })).status).toBe(404)
    expect((await post({ orderId: 'not-an-id' })).status).toBe(400)
    const elsewhere = await t.createCompany('Elsewhere')
    const outsider = await t.createUser('camera_driver', elsewhere)
    const refused = await t.request('POST', '/api/dashboards/camera-driver/finds', {
      cookie: outsider.cookie,
      body: { orderId: seeded.orderIds.get('O-1') },
    })
    expect(refused.status).toBe(404)
    // No market on the profile: nothing to look for.
    expect(await get('/api/dashboards/camera-driver', outsider.cookie)).toMatchObject({ noMarket: true, lookout: [] })
  })
})

describe('field manager dashboard', () => {
  it('counts the manager’s markets by status and agent and lists the unassigned', async () => {
    const body = await get('/api/dashboards/field-manager', seeded.mobileManager.cookie)
    expect(body.markets).toEqual(['Mobile'])
    const statusCount = (rows: Array<{ status: string; count: number }>, status: string) =>
      rows.find((row) => row.status === status)?.count
    expect(statusCount(body.ordersByStatus, 'Open')).toBe(3)
    expect(statusCount(body.ordersByStatus, 'Repossessed')).toBe(2)
    expect(statusCount(body.casesByStatus, 'Open')).toBe(2)
    expect(body.casesByStatus.find((row: { status: string }) => row.status === 'Open').filters).toEqual({
      market: ['Mobile'],
      status: ['Open'],
    })
    expect(body.openByAgent).toEqual(
      expect.arrayContaining([
        { agentId: null, agent: 'Unassigned', count: 2 },
        { agentId: seeded.agent.profileId, agent: 'Test recovery_agent', count: 1 },
      ]),
    )
    expect(body.unassigned.total).toBe(2)
    expect(numbers(body.unassigned.orders)).toEqual(['CN-O-2', 'CN-O-3'])
    expect(body.people.map((person: { role: string }) => person.role).sort()).toEqual([
      'camera_driver',
      'recovery_agent',
      'recovery_agent',
    ])
  })

  it('counts cases with no status as -, and leaves out a status its cases have all left', async () => {
    const mobileCase = (caseId: number, status: string | null) => ({
      company_id: t.companyId,
      case_id: caseId,
      case_number: `C-${caseId}`,
      status,
      detected_market: 'Mobile',
    })
    await t.db
      .insertInto('rdn_cases')
      .values([mobileCase(901, null), mobileCase(902, 'Need Info')])
      .execute()
    try {
      const before = await get('/api/dashboards/field-manager', seeded.mobileManager.cookie)
      expect(before.casesByStatus).toEqual(
        expect.arrayContaining([
          { status: '-', count: 1, filters: null },
          { status: 'Need Info', count: 1, filters: { market: ['Mobile'], status: ['Need Info'] } },
        ]),
      )
      await t.db.updateTable('rdn_cases').set({ status: 'Closed' }).where('case_id', '=', 902).execute()
      const after = await get('/api/dashboards/field-manager', seeded.mobileManager.cookie)
      expect(after.casesByStatus.map((row: { status: string }) => row.status)).not.toContain('Need Info')
      const counts = after.casesByStatus.map((row: { count: number }) => row.count)
      expect(counts).toEqual([...counts].sort((a, b) => b - a))
    } finally {
      await t.db.deleteFrom('rdn_cases').where('case_id', 'in', [901, 902]).execute()
    }
  })

  it('assigns an agent and a camera car driver to an order of its market, and nothing else', async () => {
    const orderId = seeded.orderIds.get('O-3') as string
    const assign = (id: string, body: unknown, cookie = seeded.mobileManager.cookie) =>
      t.request('PUT', `/api/dashboards/field-manager/assignments/${id}`, { cookie, body })
    const done = await assign(orderId, { agentId: seeded.agent.profileId, cameraDriverId: seeded.driver.profileId })
    expect(done.status).toBe(200)
    const order = await t.db
      .selectFrom('orders')
      .select(['assigned_agent_id', 'assigned_camera_driver_id'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(order).toEqual({
      assigned_agent_id: seeded.agent.profileId,
      assigned_camera_driver_id: seeded.driver.profileId,
    })
    const after = await get('/api/dashboards/field-manager', seeded.mobileManager.cookie)
    expect(numbers(after.unassigned.orders)).toEqual(['CN-O-2'])
    // The driver is not a recovery agent; Birmingham's order is not this manager's; bad ids are 400.
    const wrongRole = await assign(orderId, { agentId: seeded.driver.profileId, cameraDriverId: null })
    expect(wrongRole.status).toBe(400)
    expect(wrongRole.json.error.field).toBe('agentId')
    // The order detail's rule (queries/assignable-people): Birmingham's agent does not work a Mobile order.
    const wrongMarket = await assign(orderId, { agentId: seeded.otherAgent.profileId, cameraDriverId: null })
    expect(wrongMarket.status).toBe(400)
    expect(wrongMarket.json.error).toMatchObject({
      field: 'agentId',
      message: 'That recovery agent does not work the order’s market (Mobile).',
    })
    expect((await assign(seeded.orderIds.get('O-4') as string, { agentId: null, cameraDriverId: null })).status).toBe(
      404,
    )
    expect((await assign(orderId, { agentId: 'x', cameraDriverId: null })).status).toBe(400)
    expect((await assign(orderId, { agentId: null, cameraDriverId: null }, seeded.agent.cookie)).status).toBe(403)
  })
})

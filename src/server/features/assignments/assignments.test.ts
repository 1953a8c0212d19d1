import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
type User = Awaited<ReturnType<TestApp['createUser']>>
let admin: User
let fieldManager: User
let ana: User
let bo: User
let driver: User
const ids: Record<string, string> = {}

const MOBILE = '36602'
const BIRMINGHAM = '35203'

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  fieldManager = await t.createUser('field_manager')
  ana = await t.createUser('recovery_agent')
  bo = await t.createUser('recovery_agent')
  driver = await t.createUser('camera_driver')
  const set = (user: User, values: Record<string, string>) =>
    t.db.updateTable('profiles').set(values).where('id', '=', user.profileId).execute()
  await set(fieldManager, { market: 'Mobile' })
  await set(ana, { market: 'Mobile', first_name: 'Ana', last_name: 'Field', rdn_id_number: 'RDN-ANA' })
  await set(bo, { market: 'Birmingham', first_name: 'Bo', last_name: 'North' })
  await set(driver, { market: 'Mobile', first_name: 'Cam', last_name: 'Car' })
  await t.db
    .insertInto('market_zip_codes')
    .values([
      { company_id: t.companyId, zip_code: MOBILE, market: 'Mobile' },
      { company_id: t.companyId, zip_code: BIRMINGHAM, market: 'Birmingham' },
    ])
    .execute()
  const slow = await t.db
    .insertInto('clients')
    .values({ company_id: t.companyId, name: 'Slow Credit', client_code: 'SLOW', update_cadence_days: 10 })
    .returning('id')
    .executeTakeFirstOrThrow()
  const order = (label: string, values: Record<string, unknown> = {}) => ({
    company_id: t.companyId,
    order_number: label,
    status: 'Open',
    borrower_zip: MOBILE,
    detected_market: 'Mobile',
    ...values,
  })
  const rows = await t.db
    .insertInto('orders')
    .values([
      order('ASG-1'),
      order('ASG-2'),
      order('ASG-STALE', { assigned_agent_id: ana.profileId, agent_assigned_at: sql`now() - interval '5 days'` }),
      order('ASG-SLOW', {
        assigned_agent_id: ana.profileId,
        agent_assigned_at: sql`now() - interval '5 days'`,
        client_id: slow.id,
      }),
      order('ASG-BHM', { borrower_zip: BIRMINGHAM, detected_market: 'Birmingham' }),
      order('ASG-DONE', { status: 'Repossessed' }),
    ])
    .returning(['id', 'order_number'])
    .execute()
  for (const row of rows) ids[row.order_number as string] = row.id
  const rdn = await t.db
    .insertInto('rdn_cases')
    .values({
      company_id: t.companyId,
      case_id: 9_100_001,
      case_number: 'RDN-ASG-1',
      status: 'Open',
      debtor_zip: MOBILE,
      detected_market: 'Mobile',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  ids['RDN-ASG-1'] = rdn.id
})
afterAll(() => t?.close())

const board = (query = '', cookie = fieldManager.cookie) =>
  t.request('GET', `/api/assignments/board${query}`, { cookie })
const assign = (body: unknown, cookie = fieldManager.cookie) => t.request('POST', '/api/assignments', { cookie, body })
const ref = (label: string) => ({ source: label.startsWith('RDN') ? 'case' : 'order', id: ids[label] })
type Row = { label: string; agent: { name: string } | null; updateDue: boolean; suggested: { id: string } | null }
const labels = (rows: Row[]) => rows.map((row) => row.label)

describe('Agent Assignment board', () => {
  it('lists the open cases of the manager’s markets, unassigned first, then those due an update', async () => {
    const response = await board()
    expect(response.status, JSON.stringify(response.json)).toBe(200)
    const rows = response.json.rows as Row[]
    expect(labels(rows).sort()).toEqual(['ASG-1', 'ASG-2', 'ASG-SLOW', 'ASG-STALE', 'RDN-ASG-1'])
    expect(labels(rows).slice(3)).toEqual(['ASG-STALE', 'ASG-SLOW'])
    expect(rows.find((row) => row.label === 'ASG-STALE')).toMatchObject({
      updateDue: true,
      agent: { name: 'Ana Field' },
    })
    // The client's own cadence (10 days) is not up yet.
    expect(rows.find((row) => row.label === 'ASG-SLOW')).toMatchObject({ updateDue: false, cadenceDays: 10 })
    // Suggested: the agent covering the ZIP's market with the fewest open cases.
    expect(rows.find((row) => row.label === 'ASG-1')?.suggested).toEqual({ id: ana.profileId, name: 'Ana Field' })
    expect((await board('', admin.cookie)).json.total).toBe(6)
    expect(labels((await board('?due=yes')).json.rows)).toEqual(['ASG-STALE'])
    expect(labels((await board('?agent=unassigned')).json.rows).sort()).toEqual(['ASG-1', 'ASG-2', 'RDN-ASG-1'])
    expect(labels((await board('?q=slow')).json.rows)).toEqual(['ASG-SLOW'])
  })

  it('assigns orders and RDN cases in bulk, on their timelines and in the audit log', async () => {
    const response = await assign({
      cases: [ref('ASG-1'), ref('ASG-2'), ref('RDN-ASG-1')],
      agentId: ana.profileId,
      cameraDriverId: driver.profileId,
    })
    expect(response.status, JSON.stringify(response.json)).toBe(200)
    expect(response.json).toEqual({ assigned: 3, uncovered: 0, warnings: [] })
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', ids['ASG-1']).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ assigned_agent_id: ana.profileId, assigned_camera_driver_id: driver.profileId })
    expect(order.agent_assigned_at).toBeInstanceOf(Date)
    const rdn = await t.db
      .selectFrom('rdn_cases')
      .selectAll()
      .where('id', '=', ids['RDN-ASG-1'])
      .executeTakeFirstOrThrow()
    expect(rdn).toMatchObject({ assigned_agent_id: 'RDN-ANA', assigned_camera_driver_id: driver.profileId })
    const audit = await t.db.selectFrom('audit_log').select('target').where('action', 'like', '%.assigned').execute()
    expect(audit.map((row) => row.target)).toEqual(
      expect.arrayContaining([`order:${ids['ASG-1']}`, `rdn_case:${ids['RDN-ASG-1']}`]),
    )
    // An agent's filter finds their RDN cases by their RDN agent id.
    expect(labels((await board(`?agent=${ana.profileId}`)).json.rows)).toContain('RDN-ASG-1')
    const history = await t.request('GET', `/api/assignments/history/case/${ids['RDN-ASG-1']}`, {
      cookie: fieldManager.cookie,
    })
    expect(history.json.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ what: 'agent', from: null, to: 'Ana Field', source: 'dashboard' }),
        expect.objectContaining({ what: 'cameraDriver', to: 'Cam Car' }),
      ]),
    )
  })

  it('warns, without refusing, when the agent does not cover the address', async () => {
    const response = await assign({ cases: [ref('ASG-2')], agentId: bo.profileId })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ assigned: 1, uncovered: 1 })
    expect(response.json.warnings[0]).toBe('Bo North does not cover ASG-2 (ZIP 36602, Mobile).')
  })

  it('is all or nothing: an agent without an RDN id for an RDN case changes none of the cases', async () => {
    const response = await assign({ cases: [ref('ASG-1'), ref('RDN-ASG-1')], agentId: bo.profileId })
    expect(response.status).toBe(400)
    expect(response.json.error.message).toMatch(/Bo North has no RDN agent id/)
    const order = await t.db
      .selectFrom('orders')
      .select('assigned_agent_id')
      .where('id', '=', ids['ASG-1'])
      .executeTakeFirstOrThrow()
    expect(order.assigned_agent_id).toBe(ana.profileId)
  })

  it('refuses an agent of another company, cases outside the markets, over 1,000 cases, unknown filters', async () => {
    const other = await t.createCompany('Other Assign Co')
    const stranger = await t.createUser('recovery_agent', other)
    const foreign = await assign({ cases: [ref('ASG-1')], agentId: stranger.profileId })
    expect(foreign.status).toBe(400)
    expect(foreign.json.error).toMatchObject({ field: 'agentId' })
    const outside = await assign({ cases: [ref('ASG-1'), ref('ASG-BHM')], agentId: ana.profileId })
    expect(outside.status).toBe(400)
    expect(outside.json.error.message).toMatch(/One case is not yours to assign/)
    const many = Array.from({ length: 1001 }, () => ({ source: 'order', id: crypto.randomUUID() }))
    const tooMany = await assign({ cases: many, agentId: ana.profileId })
    expect(tooMany.status).toBe(400)
    expect(tooMany.json.error.message).toMatch('A bulk assignment takes at most 1,000 cases at once.')
    expect((await board('?colour=red')).json.error.message).toBe('Unknown filter: colour.')
    expect((await board(`?agent=${stranger.profileId}`)).json.error).toMatchObject({ field: 'agent' })
    // Another company's case, or a case no longer open, is not one to assign (nor its history to read).
    const theirs = await t.db
      .insertInto('orders')
      .values({ company_id: other, order_number: 'THEIRS', status: 'Open', detected_market: 'Mobile' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const foreignCase = await assign({ cases: [{ source: 'order', id: theirs.id }], agentId: ana.profileId })
    expect(foreignCase.status).toBe(400)
    const foreignState = await t.request('POST', '/api/assignments/state', {
      cookie: fieldManager.cookie,
      body: { cases: [{ source: 'order', id: theirs.id }], state: 'Closed' },
    })
    expect(foreignState.status).toBe(400)
    const foreignHistory = await t.request('GET', `/api/assignments/history/order/${theirs.id}`, {
      cookie: fieldManager.cookie,
    })
    expect(foreignHistory.status).toBe(404)
    expect((await assign({ cases: [ref('ASG-DONE')], agentId: ana.profileId })).json.error.message).toMatch(
      /no longer open/,
    )
    expect((await board('', ana.cookie)).status).toBe(403)
  })

  it('puts an assignment on hold (no update clock), with its history', async () => {
    const response = await t.request('POST', '/api/assignments/state', {
      cookie: fieldManager.cookie,
      body: { cases: [ref('ASG-STALE')], state: 'On Hold' },
    })
    expect(response.json).toEqual({ changed: 1, state: 'On Hold' })
    const row = (await board('?state=On Hold')).json.rows[0]
    expect(row).toMatchObject({ label: 'ASG-STALE', state: 'On Hold', updateDue: false, updateDueAt: null })
    const history = await t.request('GET', `/api/assignments/history/order/${ids['ASG-STALE']}`, {
      cookie: fieldManager.cookie,
    })
    expect(history.json.history[0]).toMatchObject({ what: 'state', from: 'Active', to: 'On Hold' })
    // Choosing the same agent again leaves the hold; a new agent starts an Active assignment.
    await assign({ cases: [ref('ASG-STALE')], agentId: ana.profileId })
    expect((await board('?state=On Hold')).json.rows.map((one: Row) => one.label)).toEqual(['ASG-STALE'])
  })

  it('restarts the update clock on an Agent Update', async () => {
    await t.db
      .insertInto('orders')
      .values({
        company_id: t.companyId,
        order_number: 'ASG-NOTE',
        status: 'Open',
        borrower_zip: MOBILE,
        detected_market: 'Mobile',
        assigned_agent_id: ana.profileId,
        agent_assigned_at: sql`now() - interval '9 days'`,
      })
      .execute()
    expect(labels((await board('?due=yes')).json.rows)).toContain('ASG-NOTE')
    const today = new Date().toISOString().slice(0, 10)
    const dashboardMark = async () =>
      (
        await t.request('GET', `/api/dashboards/recovery-agent?today=${today}`, { cookie: ana.cookie })
      ).json.assignments.find((item: { number: string }) => item.number === 'ASG-NOTE')?.updateDue
    expect(await dashboardMark()).toBe(true)
    const mapMark = async () =>
      (await t.request('GET', '/api/map/cases?zoom=12', { cookie: fieldManager.cookie })).json.pins.find(
        (pin: { label: string }) => pin.label === 'ASG-NOTE',
      )?.updateDue
    expect(await mapMark()).toBe(true)
    // A recovered case has no clock, however long since its agent's last word.
    await t.db
      .updateTable('orders')
      .set({ assigned_agent_id: ana.profileId, agent_assigned_at: sql`now() - interval '30 days'` })
      .where('id', '=', ids['ASG-DONE'])
      .execute()
    const pins = (await t.request('GET', '/api/map/cases?zoom=12', { cookie: fieldManager.cookie })).json.pins
    expect(pins.find((one: { label: string }) => one.label === 'ASG-DONE')).toMatchObject({ updateDue: false })
    const order = await t.db
      .selectFrom('orders')
      .select('id')
      .where('order_number', '=', 'ASG-NOTE')
      .executeTakeFirstOrThrow()
    const note = await t.request('POST', `/api/timeline/orders/${order.id}/notes`, {
      cookie: ana.cookie,
      body: { type: 'Agent Update', body: 'Drove by, no vehicle.' },
    })
    expect(note.status, JSON.stringify(note.json)).toBeLessThan(300)
    expect(labels((await board('?due=yes')).json.rows)).not.toContain('ASG-NOTE')
    expect(await dashboardMark()).toBe(false)
    expect(await mapMark()).toBe(false)
  })

  it('gives each agent’s figures, and the people to choose with their load', async () => {
    const people = await t.request('GET', '/api/assignments/people', { cookie: fieldManager.cookie })
    expect(people.json.agents).toEqual([expect.objectContaining({ name: 'Ana Field', hasRdnId: true })])
    expect(people.json.cameraDrivers).toEqual([expect.objectContaining({ name: 'Cam Car' })])
    const figures = await t.request('GET', '/api/assignments/figures', { cookie: admin.cookie })
    const anaFigures = figures.json.agents.find((agent: { id: string }) => agent.id === ana.profileId)
    // Six on her now (one recovered: ASG-DONE), five of them open.
    expect(anaFigures).toMatchObject({ open: 5, assigned: 6, recovered: 1, recoveryRate: 1 / 6 })
  })
})

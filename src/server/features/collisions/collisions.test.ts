import { describe, expect, it } from 'vitest'
import { paste } from '../import/import-fixtures'
import {
  admin,
  agent,
  collisionNotices,
  fieldManager,
  openCollisions,
  order,
  RDN_AGENT_ID,
  rdnAgent,
  runImport,
  setUpCollisionsApp,
  sync,
  t,
} from './collisions-test-kit'

setUpCollisionsApp()

const VIN = (n: number) => `1HGCM82633A00${String(4000 + n)}`

describe('collisions on the way in', () => {
  it('an import finds its rows against open orders and each other, not closed cases nor another company', async () => {
    const open = await order({ vin: VIN(1) })
    await order({ vin: VIN(3), status: 'Repossessed' })
    const elsewhere = await t.createCompany('Other Agency')
    await order({ vin: VIN(4), companyId: elsewhere })
    const { done } = await runImport(
      paste(
        { case: 'IMP-A', vin: VIN(1).toLowerCase() },
        { case: 'IMP-B', vin: VIN(2) },
        { case: 'IMP-C', vin: VIN(2) },
        { case: 'IMP-D', vin: VIN(3) },
        { case: 'IMP-E', vin: VIN(4) },
      ),
    )
    expect(done).toMatchObject({ imported: 5, refused: 0 })
    const found = (await openCollisions()).filter((c) => c.labels.some((label) => label.startsWith('Order IMP-')))
    expect(found.map(({ labels, matchedOn }) => ({ labels, matchedOn })).sort(byLabels)).toEqual([
      { labels: [`Order ${open.case_number}`, 'Order IMP-A'], matchedOn: 'vin' },
      { labels: ['Order IMP-B', 'Order IMP-C'], matchedOn: 'vin' },
    ])
    // The first order's agent and the market's field manager are told, once per collision.
    expect(await collisionNotices(agent.profileId)).toEqual([
      {
        message: `Collision: order ${open.case_number} has the same VIN as order IMP-A (2003 Honda Accord), both open`,
        href: `/order/${open.id}`,
      },
    ])
    expect((await collisionNotices(fieldManager.profileId)).length).toBe(2)
  })

  it('the RDN sync finds a case against an order by VIN and by plate and state, once however often it repeats', async () => {
    const byVin = await order({ vin: VIN(10) })
    const byPlate = await order({ plate: 'ABC 123', state: 'al' })
    const batch = [
      { case_id: 9101, case_number: 'R-9101', status: 'Open', vin: VIN(10), assigned_agent_id: RDN_AGENT_ID },
      {
        case_id: 9102,
        case_number: 'R-9102',
        status: 'Open',
        vehicle_license_number: 'abc-123',
        vehicle_license_state: 'AL',
      },
      { case_id: 9103, case_number: 'R-9103', status: 'Closed', vin: VIN(10) },
    ]
    expect((await sync(batch)).status).toBe(200)
    expect((await sync(batch)).status).toBe(200)
    const found = (await openCollisions()).filter((c) => c.labels.some((label) => label.startsWith('RDN case R-91')))
    expect(found.map(({ labels, matchedOn }) => ({ labels, matchedOn })).sort(byLabels)).toEqual([
      { labels: [`Order ${byVin.case_number}`, 'RDN case R-9101'], matchedOn: 'vin' },
      { labels: [`Order ${byPlate.case_number}`, 'RDN case R-9102'], matchedOn: 'plate' },
    ])
    // The RDN case's agent (by the agent id the sync sent) is told once.
    expect(await collisionNotices(rdnAgent.profileId)).toEqual([
      {
        message: `Collision: RDN case R-9101 has the same VIN as order ${byVin.case_number}, both open`,
        href: '/cases/9101',
      },
    ])
  })

  it('an order edit that gives it a colliding plate finds the collision; both case pages show it', async () => {
    await sync([
      {
        case_id: 9201,
        case_number: 'R-9201',
        status: 'Open',
        vehicle_license_number: 'XYZ9',
        vehicle_license_state: 'AL',
      },
    ])
    const edited = await order({ plate: 'OTHER1', state: 'AL' })
    expect((await openCollisions()).filter((c) => c.labels.includes('RDN case R-9201'))).toEqual([])
    const { updated_at } = await t.db
      .selectFrom('orders')
      .select('updated_at')
      .where('id', '=', edited.id)
      .executeTakeFirstOrThrow()
    const saved = await t.request('PATCH', `/api/orders/${edited.id}`, {
      cookie: admin.cookie,
      body: { expectedUpdatedAt: updated_at.toISOString(), changes: { license_plate: 'xyz-9' } },
    })
    expect(saved.status).toBe(200)
    const detail = await t.request('GET', `/api/orders/${edited.id}`, { cookie: admin.cookie })
    expect(detail.json.order.collisions).toEqual([
      { id: expect.any(String), otherCase: { label: 'RDN case R-9201', href: '/cases/9201' }, matchedOn: 'plate' },
    ])
    const rdn = await t.request('GET', '/api/cases/9201', { cookie: admin.cookie })
    expect(rdn.json.case.collisions).toEqual([
      {
        id: expect.any(String),
        otherCase: { label: `Order ${edited.case_number}`, href: `/order/${edited.id}` },
        matchedOn: 'plate',
      },
    ])
  })
})

describe('resolving a collision', () => {
  it('says which case stands and why, once; both timelines and the audit log say so; the list drops it', async () => {
    const first = await order({ vin: VIN(20) })
    const second = await order({ vin: VIN(20) })
    const [collision] = (await openCollisions()).filter((c) => c.labels.includes(`Order ${first.case_number}`))
    const resolve = (body: unknown, cookie = fieldManager.cookie) =>
      t.request('POST', `/api/collisions/${collision.id}/resolve`, { cookie, body })

    expect((await t.request('GET', '/api/collisions', { cookie: agent.cookie })).status).toBe(403)
    expect((await resolve({ standingCaseId: first.id, reason: 'x' }, agent.cookie)).status).toBe(403)
    const noReason = await resolve({ standingCaseId: first.id, reason: ' ' })
    expect([noReason.status, noReason.json.error.field]).toEqual([400, 'reason'])
    const stranger = await resolve({ standingCaseId: crypto.randomUUID(), reason: 'Lender confirmed' })
    expect([stranger.status, stranger.json.error.field]).toEqual([400, 'standingCaseId'])

    const resolved = await resolve({ standingCaseId: second.id, reason: 'Lender confirmed the newer order' })
    expect(resolved.status).toBe(200)
    expect(resolved.json.standing).toEqual({ label: `Order ${second.case_number}`, href: `/order/${second.id}` })
    expect((await resolve({ standingCaseId: second.id, reason: 'again' })).status).toBe(409)
    expect((await openCollisions()).map((c) => c.id)).not.toContain(collision.id)
    expect((await t.request('GET', `/api/orders/${first.id}`, { cookie: admin.cookie })).json.order.collisions).toEqual(
      [],
    )

    const timeline = await t.db
      .selectFrom('case_timeline')
      .select(['order_id', 'new_value'])
      .where('field', '=', 'collision')
      .where('order_id', 'in', [first.id, second.id])
      .execute()
    const text = `resolved: Order ${second.case_number} stands. Reason: Lender confirmed the newer order`
    expect(timeline.map((row) => row.order_id).sort()).toEqual([first.id, second.id].sort())
    expect(timeline.every((row) => row.new_value?.endsWith(text))).toBe(true)
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'case_key'])
      .where('target', '=', `collision:${collision.id}`)
      .execute()
    expect(audit).toEqual([{ action: 'collision.resolved', case_key: `order:${second.id}` }])
  })

  it('a field manager resolves only collisions of their markets (404 for another market)', async () => {
    const first = await order({ vin: VIN(30) })
    const second = await order({ vin: VIN(30) })
    await t.db
      .updateTable('orders')
      .set({ detected_market: 'Elsewhere' })
      .where('id', 'in', [first.id, second.id])
      .execute()
    const [collision] = (await openCollisions(admin.cookie)).filter((c) =>
      c.labels.includes(`Order ${first.case_number}`),
    )
    expect((await openCollisions()).map((c) => c.id)).not.toContain(collision.id)
    const refused = await t.request('POST', `/api/collisions/${collision.id}/resolve`, {
      cookie: fieldManager.cookie,
      body: { standingCaseId: first.id, reason: 'Mine' },
    })
    expect(refused.status).toBe(404)
  })
})

function byLabels(a: { labels: string[] }, b: { labels: string[] }) {
  return a.labels.join().localeCompare(b.labels.join())
}

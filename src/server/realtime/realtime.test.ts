import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppEnv } from '../app-env'
import { viewerMiddleware } from '../auth/viewer'
import { createTestApp, type TestApp } from '../test/harness'
import { readEvents } from '../test/sse'
import { realtimeRoutes } from './routes'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

async function openStream(cookie: string, app: { fetch: (request: Request) => Response | Promise<Response> } = t.app) {
  const response = await app.fetch(new Request('http://localhost:3000/api/events/cases', { headers: { cookie } }))
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/event-stream')
  const stream = readEvents(response)
  await stream.waitFor('ready')
  return stream
}

describe('live case changes over SSE', () => {
  it("tells a company's viewers of inserts, updates and deletes, and nobody else", async () => {
    const viewer = await t.createUser('field_manager')
    const otherCompany = await t.createCompany('Elsewhere')
    const outsider = await t.createUser('admin', otherCompany)
    const mine = await openStream(viewer.cookie)
    const theirs = await openStream(outsider.cookie)
    try {
      await t.db.insertInto('rdn_cases').values({ company_id: t.companyId, case_id: 1 }).execute()
      await mine.waitFor('cases', 1)
      await t.db.updateTable('rdn_cases').set({ status: 'Repossessed' }).where('case_id', '=', 1).execute()
      await mine.waitFor('cases', 2)
      await t.db.deleteFrom('rdn_cases').where('case_id', '=', 1).execute()
      await mine.waitFor('cases', 3)
      // A batch is one message, not one per row.
      await t.db
        .insertInto('rdn_cases')
        .values(Array.from({ length: 500 }, (_, index) => ({ company_id: t.companyId, case_id: 100 + index })))
        .execute()
      await mine.waitFor('cases', 4)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(mine.events.filter((event) => event === 'cases')).toHaveLength(4)
      expect(theirs.events.filter((event) => event === 'cases')).toHaveLength(0)
    } finally {
      await mine.stop()
      await theirs.stop()
    }
  })

  it("tells a company's viewers of changes to its orders as 'orders', one per statement, on the same stream", async () => {
    const viewer = await t.createUser('manager')
    const otherCompany = await t.createCompany('Orders Elsewhere')
    const outsider = await t.createUser('admin', otherCompany)
    const mine = await openStream(viewer.cookie)
    const theirs = await openStream(outsider.cookie)
    try {
      const order = await t.db
        .insertInto('orders')
        .values({ company_id: t.companyId, order_number: 'LIVE-1' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await mine.waitFor('orders', 1)
      await t.db.updateTable('orders').set({ status: 'Repossessed' }).where('id', '=', order.id).execute()
      await mine.waitFor('orders', 2)
      await t.db.deleteFrom('orders').where('id', '=', order.id).execute()
      await mine.waitFor('orders', 3)
      // A batch (an import's) is one message, not one per row.
      await t.db
        .insertInto('orders')
        .values(
          Array.from({ length: 300 }, (_, index) => ({ company_id: t.companyId, order_number: `LIVE-B${index}` })),
        )
        .execute()
      await mine.waitFor('orders', 4)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(mine.events.filter((event) => event === 'orders')).toHaveLength(4)
      expect(mine.events.filter((event) => event === 'cases')).toHaveLength(0)
      expect(theirs.events.filter((event) => event === 'orders')).toHaveLength(0)
    } finally {
      await mine.stop()
      await theirs.stop()
    }
  })

  it('needs a session', async () => {
    const response = await t.app.fetch(new Request('http://localhost:3000/api/events/cases'))
    expect(response.status).toBe(401)
  })

  it('keeps a stream opened after another one closed: a closed stream unsubscribes only itself', async () => {
    // The SSE route with a short heartbeat, so 'after the heartbeat' takes a moment, not 25 s.
    const heartbeatMs = 200
    const app = new Hono<AppEnv>()
      .use('*', viewerMiddleware(t.deps))
      .route('/api/events', realtimeRoutes(t.deps, { heartbeatMs }))
    const viewer = await t.createUser('field_manager')
    const first = await openStream(viewer.cookie, app)
    await first.stop()
    const reopened = await openStream(viewer.cookie, app)
    try {
      // The closed stream's heartbeat sleep ends now; its second unsubscribe used to drop the new one.
      await new Promise((resolve) => setTimeout(resolve, heartbeatMs * 3))
      await reopened.waitFor('heartbeat')
      await t.db.insertInto('rdn_cases').values({ company_id: t.companyId, case_id: 9_001 }).execute()
      await reopened.waitFor('cases', 1)
    } finally {
      await reopened.stop()
    }
  })

  it('calls back only the live subscribers after an unsubscribe is called twice', async () => {
    const seen: string[] = []
    const stale = t.deps.caseChanges.subscribe(t.companyId, () => seen.push('stale'))
    stale()
    const live = t.deps.caseChanges.subscribe(t.companyId, () => seen.push('live'))
    stale()
    try {
      await t.db.insertInto('rdn_cases').values({ company_id: t.companyId, case_id: 9_002 }).execute()
      const deadline = Date.now() + 2_000
      while (!seen.includes('live') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(seen).toContain('live')
      expect(seen).not.toContain('stale')
    } finally {
      live()
    }
  })

  it('answers only the roles that may open the case list (SPEC.md section 6: Order Management)', async () => {
    const allowed = ['admin', 'manager', 'field_manager', 'post_recovery_manager']
    const refused = [
      'recovery_agent',
      'camera_driver',
      'lot_manager',
      'key_manager',
      'transport_manager',
      'locksmith',
      'compliance_manager',
    ]
    for (const role of refused) {
      const user = await t.createUser(role)
      const response = await t.app.fetch(
        new Request('http://localhost:3000/api/events/cases', { headers: { cookie: user.cookie } }),
      )
      expect(response.status, role).toBe(403)
    }
    for (const role of allowed) {
      const stream = await openStream((await t.createUser(role)).cookie)
      await stream.stop()
    }
  })
})

describe('the one stream of a tab: GET /api/events', () => {
  async function openAll(cookie: string) {
    const response = await t.app.fetch(new Request('http://localhost:3000/api/events', { headers: { cookie } }))
    expect(response.status).toBe(200)
    const stream = readEvents(response)
    await stream.waitFor('ready')
    return stream
  }
  const notify = (profileId: string) =>
    t.db
      .insertInto('notifications')
      .values({ company_id: t.companyId, profile_id: profileId, kind: 'note', message: 'Hello' })
      .execute()

  it("carries a new notification to its person's stream only, and a read one too", async () => {
    const me = await t.createUser('recovery_agent')
    const colleague = await t.createUser('recovery_agent')
    const mine = await openAll(me.cookie)
    const theirs = await openAll(colleague.cookie)
    try {
      await notify(me.profileId)
      await mine.waitFor('notifications', 1)
      await t.db
        .updateTable('notifications')
        .set({ read_at: new Date() })
        .where('profile_id', '=', me.profileId)
        .execute()
      await mine.waitFor('notifications', 2)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(theirs.events.filter((event) => event === 'notifications')).toHaveLength(0)
    } finally {
      await mine.stop()
      await theirs.stop()
    }
  })

  it("opens for every role; 'cases' only for those who may open Order Management", async () => {
    const agent = await openAll((await t.createUser('recovery_agent')).cookie)
    const manager = await openAll((await t.createUser('field_manager')).cookie)
    try {
      await t.db.insertInto('rdn_cases').values({ company_id: t.companyId, case_id: 9_100 }).execute()
      await manager.waitFor('cases', 1)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(agent.events).not.toContain('cases')
    } finally {
      await agent.stop()
      await manager.stop()
    }
    expect((await t.app.fetch(new Request('http://localhost:3000/api/events'))).status).toBe(401)
  })
})

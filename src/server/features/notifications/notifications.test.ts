import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setChangeActor } from '../../lib/change-actor'
import { createLogger } from '../../lib/logger'
import { createTestApp, type TestApp } from '../../test/harness'
import { syncRdnCases } from '../cases/sync'
import { runStaleCheck, startStaleCheck } from './stale-check'

let t: TestApp
type User = Awaited<ReturnType<TestApp['createUser']>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

let orderCounter = 0
async function newOrder(values: Record<string, unknown> = {}, companyId = t.companyId) {
  orderCounter += 1
  return t.db
    .insertInto('orders')
    .values({
      company_id: companyId,
      order_number: `N-${orderCounter}`,
      case_number: `NC-${orderCounter}`,
      year: 2019,
      make: 'Toyota',
      model: 'Camry',
      detected_market: 'Mobile',
      ...values,
    })
    .returning(['id', 'case_number'])
    .executeTakeFirstOrThrow()
}

async function person(role: string, market: string | null = 'Mobile', companyId = t.companyId) {
  const user = await t.createUser(role, companyId)
  await t.db.updateTable('profiles').set({ market }).where('id', '=', user.profileId).execute()
  return user
}

/** Everything the person was told, straight from the table. */
const told = (profileId: string, kind?: string) => {
  let query = t.db
    .selectFrom('notifications')
    .select(['id', 'kind', 'message', 'href', 'order_id', 'rdn_case_id', 'read_at', 'company_id'])
    .where('profile_id', '=', profileId)
  if (kind) query = query.where('kind', '=', kind)
  return query.orderBy('created_at').execute()
}

const list = (user: User, cursor?: string) =>
  t.request('GET', `/api/notifications${cursor ? `?cursor=${cursor}` : ''}`, { cookie: user.cookie })

async function insertNotices(profileId: string, count: number, companyId = t.companyId) {
  const rows = await t.db
    .insertInto('notifications')
    .values(
      Array.from({ length: count }, (_, index) => ({
        company_id: companyId,
        profile_id: profileId,
        kind: 'note',
        message: `Notice ${index}`,
        href: '/dashboard/profile',
        // One second apart, the last one newest.
        created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
      })),
    )
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

describe('sources', () => {
  it("a camera car find: the market's field managers, in the bell and on their dashboard alike", async () => {
    const driver = await person('camera_driver')
    const manager = await person('field_manager')
    const order = await newOrder({ license_plate: 'AL 1AB' })
    const found = await t.request('POST', '/api/dashboards/camera-driver/finds', {
      cookie: driver.cookie,
      body: { orderId: order.id, location: 'Bel Air Mall' },
    })
    expect(found.status).toBe(201)
    const page = await list(manager)
    expect(page.status).toBe(200)
    const find = page.json.notifications.find((item: { kind: string }) => item.kind === 'ccd_find')
    expect(find).toMatchObject({ href: `/order/${order.id}`, read: false })
    expect(find.message).toContain('Bel Air Mall')
    expect(page.json.unread).toBeGreaterThanOrEqual(1)
    expect(await told(driver.profileId)).toEqual([])

    // Read in the bell: gone from the dashboard's unread finds too.
    const dashboard = async () =>
      (await t.request('GET', '/api/dashboards/field-manager', { cookie: manager.cookie })).json.finds
    expect((await dashboard()).map((item: { id: string }) => item.id)).toContain(find.id)
    expect(
      (await t.request('POST', '/api/notifications/read', { cookie: manager.cookie, body: { ids: [find.id] } })).status,
    ).toBe(200)
    expect((await dashboard()).map((item: { id: string }) => item.id)).not.toContain(find.id)
  })

  it('an assignment: the agent and the camera car driver, with a link to the order; never the one who assigned', async () => {
    const manager = await person('field_manager')
    const agent = await person('recovery_agent')
    const driver = await person('camera_driver')
    const order = await newOrder()
    const assigned = await t.request('PUT', `/api/dashboards/field-manager/assignments/${order.id}`, {
      cookie: manager.cookie,
      body: { agentId: agent.profileId, cameraDriverId: driver.profileId },
    })
    expect(assigned.status).toBe(200)
    expect(await told(agent.profileId)).toEqual([
      expect.objectContaining({
        kind: 'assigned',
        href: `/order/${order.id}`,
        order_id: order.id,
        message: `You were assigned order ${order.case_number} (2019 Toyota Camry).`,
        company_id: t.companyId,
      }),
    ])
    expect(await told(driver.profileId)).toEqual([
      expect.objectContaining({
        kind: 'assigned',
        message: `You were assigned order ${order.case_number} (2019 Toyota Camry) as its camera car driver.`,
      }),
    ])
    expect(await told(manager.profileId, 'assigned')).toEqual([])

    // The same assignment saved again changes nothing, so tells nothing.
    await t.request('PUT', `/api/dashboards/field-manager/assignments/${order.id}`, {
      cookie: manager.cookie,
      body: { agentId: agent.profileId, cameraDriverId: driver.profileId },
    })
    expect(await told(agent.profileId)).toHaveLength(1)
  })

  it('self-assignment is not told; an edit by another path (no dashboard) is', async () => {
    const agent = await person('recovery_agent')
    const order = await newOrder()
    await t.db.transaction().execute(async (trx) => {
      await setChangeActor(trx, { profileId: agent.profileId, source: 'person' })
      await trx.updateTable('orders').set({ assigned_agent_id: agent.profileId }).where('id', '=', order.id).execute()
    })
    expect(await told(agent.profileId)).toEqual([])
    // Without a person named (an import, the system) the agent is told.
    const other = await newOrder()
    await t.db.updateTable('orders').set({ assigned_agent_id: agent.profileId }).where('id', '=', other.id).execute()
    expect((await told(agent.profileId)).map((row) => row.order_id)).toEqual([other.id])
  })

  it('an RDN case or order that arrives already assigned (its first sync, an import): the person told once', async () => {
    const agent = await person('recovery_agent')
    await t.db
      .updateTable('profiles')
      .set({ rdn_id_number: 'FIRST-SYNC-1' })
      .where('id', '=', agent.profileId)
      .execute()
    await syncRdnCases(t.db, t.companyId, [
      { case_id: 7_111, case_number: 'RDN-7111', assigned_agent_id: 'FIRST-SYNC-1' },
    ])
    await syncRdnCases(t.db, t.companyId, [
      { case_id: 7_111, case_number: 'RDN-7111', assigned_agent_id: 'FIRST-SYNC-1' },
    ])
    expect(await told(agent.profileId)).toEqual([
      expect.objectContaining({
        kind: 'assigned',
        href: '/cases/7111',
        message: 'You were assigned RDN case RDN-7111.',
      }),
    ])
    const order = await newOrder({ assigned_agent_id: agent.profileId })
    expect((await told(agent.profileId)).map((row) => row.order_id)).toContain(order.id)
  })

  it("an RDN case given a person's agent id (a mapping or their own RDN id): that person, linking the case", async () => {
    const mapped = await person('recovery_agent')
    const own = await person('recovery_agent')
    await t.db.updateTable('profiles').set({ rdn_id_number: 'OWN-7' }).where('id', '=', own.profileId).execute()
    await t.db
      .insertInto('rdn_agent_mappings')
      .values({ company_id: t.companyId, rdn_agent_id: 'MAP-7', profile_id: mapped.profileId })
      .execute()
    const rdnCase = await t.db
      .insertInto('rdn_cases')
      .values({ company_id: t.companyId, case_id: 7_007, case_number: 'RDN-7007', make: 'Ford', model: 'F-150' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db.updateTable('rdn_cases').set({ assigned_agent_id: 'MAP-7' }).where('id', '=', rdnCase.id).execute()
    expect(await told(mapped.profileId)).toEqual([
      expect.objectContaining({
        kind: 'assigned',
        rdn_case_id: rdnCase.id,
        href: '/cases/7007',
        message: 'You were assigned RDN case RDN-7007 (Ford F-150).',
      }),
    ])
    await t.db.updateTable('rdn_cases').set({ assigned_agent_id: 'OWN-7' }).where('id', '=', rdnCase.id).execute()
    expect(await told(own.profileId)).toHaveLength(1)
    // An id nobody answers to tells no one (and breaks nothing).
    await t.db.updateTable('rdn_cases').set({ assigned_agent_id: 'NOBODY' }).where('id', '=', rdnCase.id).execute()
    expect(await told(mapped.profileId)).toHaveLength(1)
  })

  it('a note on an order: its agent and camera car driver, not the author; on an RDN case: its agent', async () => {
    const agent = await person('recovery_agent')
    const driver = await person('camera_driver')
    const order = await newOrder({ assigned_agent_id: agent.profileId, assigned_camera_driver_id: driver.profileId })
    await t.db
      .updateTable('profiles')
      .set({ first_name: 'Dana', last_name: 'Agent' })
      .where('id', '=', agent.profileId)
      .execute()
    await t.db
      .insertInto('case_timeline')
      .values({
        company_id: t.companyId,
        order_id: order.id,
        kind: 'note',
        note_type: 'Agent Update',
        body: 'Vehicle seen behind the house.',
        actor_profile_id: agent.profileId,
        source: 'person',
      })
      .execute()
    expect(await told(agent.profileId, 'note')).toEqual([])
    expect(await told(driver.profileId, 'note')).toEqual([
      expect.objectContaining({
        href: `/order/${order.id}`,
        message: `Dana Agent added Agent Update on order ${order.case_number} (2019 Toyota Camry): Vehicle seen behind the house.`,
      }),
    ])

    await t.db
      .insertInto('rdn_agent_mappings')
      .values({ company_id: t.companyId, rdn_agent_id: 'NOTE-1', profile_id: agent.profileId })
      .execute()
    const rdnCase = await t.db
      .insertInto('rdn_cases')
      .values({ company_id: t.companyId, case_id: 7_100, case_number: 'RDN-7100', assigned_agent_id: 'NOTE-1' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('case_timeline')
      .values({
        company_id: t.companyId,
        rdn_case_id: rdnCase.id,
        kind: 'note',
        note_type: 'Office Note',
        body: 'x'.repeat(300),
        actor_profile_id: driver.profileId,
        source: 'person',
      })
      .execute()
    const [note] = await told(agent.profileId, 'note')
    expect(note).toMatchObject({ href: '/cases/7100', rdn_case_id: rdnCase.id })
    expect(note.message).toMatch(/^Test camera_driver added Office Note on RDN case RDN-7100: x{119}…$/)
  })

  it("never tells a person of another company, whoever's id an order names", async () => {
    const elsewhere = await t.createCompany('Other Agency')
    const outsider = await person('recovery_agent', 'Mobile', elsewhere)
    const order = await newOrder()
    await t.db.updateTable('orders').set({ assigned_agent_id: outsider.profileId }).where('id', '=', order.id).execute()
    await t.db
      .insertInto('case_timeline')
      .values({
        company_id: t.companyId,
        order_id: order.id,
        kind: 'note',
        note_type: 'Office Note',
        body: 'Hi',
        source: 'person',
      })
      .execute()
    expect(await told(outsider.profileId)).toEqual([])
  })

  it("a signature completed: the company's compliance managers, once, linking their screen", async () => {
    const managers = [await person('compliance_manager'), await person('compliance_manager')]
    const elsewhere = await t.createCompany('Third Agency')
    const outsider = await person('compliance_manager', null, elsewhere)
    const type = await t.request('POST', '/api/compliance/document-types', {
      cookie: managers[0].cookie,
      body: { name: 'Agent Agreement', category: 'Contracts' },
    })
    const document = await t.request('POST', '/api/compliance/documents', {
      cookie: managers[0].cookie,
      body: { documentTypeId: type.json.type.id, notes: 'Annual' },
    })
    const request = await t.request(
      'POST',
      `/api/compliance/documents/${document.json.document.id}/signature-requests`,
      {
        cookie: managers[0].cookie,
        body: { recipientName: 'Riley Signer', recipientEmail: 'riley@example.com', expiresInDays: 7 },
      },
    )
    const token = request.json.link.split('/signature/')[1]
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
    const signed = await t.request('POST', `/api/public/signatures/${token}`, {
      body: { signerName: 'Riley Signer', notes: null, signatureImage: png },
    })
    expect(signed.status).toBe(200)
    for (const manager of managers) {
      expect(await told(manager.profileId)).toEqual([
        expect.objectContaining({
          kind: 'signature',
          href: '/dashboard/compliance-manager',
          message: 'Riley Signer signed Agent Agreement.',
        }),
      ])
    }
    expect(await told(outsider.profileId)).toEqual([])
  })
})

describe('a case of mine with no update for 72 hours', () => {
  const hours = (from: Date, count: number) => new Date(from.getTime() + count * 3_600_000)

  it('tells the assigned agent once per stale period, in bounded batches, and a second run (or instance) adds nothing', async () => {
    const agent = await person('recovery_agent')
    const start = new Date()
    // Five orders of one statement share one timestamp: the batches must not stall on it.
    const orders = await t.db
      .insertInto('orders')
      .values(
        Array.from({ length: 5 }, (_, index) => ({
          company_id: t.companyId,
          order_number: `STALE-${index}`,
          assigned_agent_id: agent.profileId,
        })),
      )
      .returning('id')
      .execute()
    const finished = await newOrder({ assigned_agent_id: agent.profileId, status: 'Closed' })
    const fresh = await newOrder({ assigned_agent_id: agent.profileId })
    const unassigned = await newOrder()
    const stale = () => told(agent.profileId, 'stale')

    // Before 72 hours: nothing.
    await runStaleCheck(t.db, { now: hours(start, 71) })
    expect(await stale()).toEqual([])

    // A note on `fresh` at 60 h keeps it off the list at 73 h.
    await t.db
      .updateTable('orders')
      .set({ updated_at: hours(start, 60).toISOString() })
      .where('id', '=', fresh.id)
      .execute()
    const result = await runStaleCheck(t.db, { now: hours(start, 73), batch: 2 })
    expect(result.batches).toBeGreaterThanOrEqual(2)
    const first = await stale()
    expect(first.map((row) => row.order_id).sort()).toEqual(orders.map((order) => order.id).sort())
    expect(first[0]).toMatchObject({ href: `/order/${first[0].order_id}` })
    expect(first[0].message).toMatch(/^No update for 72 hours on order STALE-\d\.$/)
    expect(first.map((row) => row.order_id)).not.toContain(finished.id)
    expect(first.map((row) => row.order_id)).not.toContain(unassigned.id)

    // Twice: nothing more. A second instance that never saw the watermark: nothing more either.
    await runStaleCheck(t.db, { now: hours(start, 73) })
    await t.db.deleteFrom('notification_checks').execute()
    await runStaleCheck(t.db, { now: hours(start, 74) })
    expect((await stale()).map((row) => row.order_id)).toHaveLength(5)

    // `fresh` crosses 72 h after its 60 h update.
    await runStaleCheck(t.db, { now: hours(start, 133) })
    expect((await stale()).map((row) => row.order_id)).toContain(fresh.id)
    expect(await stale()).toHaveLength(6)

    // A later update starts a new period: told again once it too is 72 h old.
    await t.db
      .updateTable('orders')
      .set({ updated_at: hours(start, 140).toISOString() })
      .where('id', '=', orders[0].id)
      .execute()
    await runStaleCheck(t.db, { now: hours(start, 200) })
    expect(await stale()).toHaveLength(6)
    await runStaleCheck(t.db, { now: hours(start, 213) })
    await runStaleCheck(t.db, { now: hours(start, 214) })
    expect((await stale()).filter((row) => row.order_id === orders[0].id)).toHaveLength(2)
  })
})

describe('the first stale check', () => {
  it('tells the orders that went quiet in the last day, not the years-old backlog', async () => {
    const agent = await person('recovery_agent')
    await t.db.deleteFrom('notification_checks').execute()
    const quietFor = async (hoursQuiet: number) => {
      const order = await newOrder({ assigned_agent_id: agent.profileId })
      await t.db.deleteFrom('case_timeline').where('order_id', '=', order.id).execute()
      await t.db
        .updateTable('orders')
        .set({ updated_at: new Date(Date.now() - hoursQuiet * 3_600_000).toISOString() })
        .where('id', '=', order.id)
        .execute()
      return order.id
    }
    const lately = await quietFor(80)
    const longAgo = await quietFor(24 * 400)
    await runStaleCheck(t.db)
    const toldIds = (await told(agent.profileId, 'stale')).map((row) => row.order_id)
    expect(toldIds).toContain(lately)
    expect(toldIds).not.toContain(longAgo)
  })
})

describe('the stale check on RDN cases', () => {
  it("tells the person an RDN case's agent id stands for, once, linking the case", async () => {
    const agent = await person('recovery_agent')
    await t.db.updateTable('profiles').set({ rdn_id_number: 'STALE-RDN-1' }).where('id', '=', agent.profileId).execute()
    const rdnCase = await t.db
      .insertInto('rdn_cases')
      .values({
        company_id: t.companyId,
        case_id: 7_222,
        case_number: 'RDN-7222',
        status: 'Open',
        assigned_agent_id: 'STALE-RDN-1',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db.deleteFrom('case_timeline').where('rdn_case_id', '=', rdnCase.id).execute()
    await t.db
      .updateTable('rdn_cases')
      .set({ updated_at: new Date(Date.now() - 80 * 3_600_000).toISOString() })
      .where('id', '=', rdnCase.id)
      .execute()
    await t.db.deleteFrom('notification_checks').execute()
    await t.db.deleteFrom('notifications').where('profile_id', '=', agent.profileId).execute()
    await runStaleCheck(t.db)
    await runStaleCheck(t.db)
    expect(await told(agent.profileId, 'stale')).toEqual([
      expect.objectContaining({ href: '/cases/7222', message: 'No update for 72 hours on RDN case RDN-7222.' }),
    ])
  })
})

describe('the periodic stale check', () => {
  it('runs on its interval until stopped', async () => {
    const agent = await person('recovery_agent')
    // Real time now: start over from the beginning, as on a fresh database.
    await t.db.deleteFrom('notification_checks').execute()
    const order = await newOrder({ assigned_agent_id: agent.profileId })
    await t.db.deleteFrom('case_timeline').where('order_id', '=', order.id).execute()
    await t.db
      .updateTable('orders')
      .set({ updated_at: new Date(Date.now() - 80 * 3_600_000).toISOString() })
      .where('id', '=', order.id)
      .execute()
    // A fraction of a minute here; the configuration allows whole minutes.
    const check = startStaleCheck(t.db, createLogger('silent', false), 0.002)
    try {
      const deadline = Date.now() + 5_000
      while ((await told(agent.profileId, 'stale')).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    } finally {
      await check.stop()
    }
    expect((await told(agent.profileId, 'stale')).map((row) => row.order_id)).toEqual([order.id])
  })
})

describe('the API: only my own notifications', () => {
  it('lists newest first, 20 a page with a cursor, with the unread count', async () => {
    const me = await person('lot_manager', null)
    const ids = await insertNotices(me.profileId, 25)
    const first = await list(me)
    expect(first.status).toBe(200)
    expect(first.json.notifications).toHaveLength(20)
    expect(first.json.notifications[0]).toEqual({
      id: ids[24],
      kind: 'note',
      message: 'Notice 24',
      href: '/dashboard/profile',
      createdAt: '2026-01-01T00:00:24.000Z',
      read: false,
    })
    expect(first.json.unread).toBe(25)
    expect(first.json.nextCursor).toBe(ids[5])
    const second = await list(me, first.json.nextCursor)
    expect(second.json.notifications.map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 5).reverse())
    expect(second.json.nextCursor).toBeNull()
    const count = await t.request('GET', '/api/notifications/unread-count', { cookie: me.cookie })
    expect(count.json).toEqual({ unread: 25 })
  })

  it("counts unread only as far as the badge's '99+' needs", async () => {
    const me = await person('lot_manager', null)
    await insertNotices(me.profileId, 130)
    const count = await t.request('GET', '/api/notifications/unread-count', { cookie: me.cookie })
    expect(count.json).toEqual({ unread: 100 })
  })

  it("marks read only my own ids; 'mark all read' only mine", async () => {
    const me = await person('key_manager', null)
    const colleague = await person('key_manager', null)
    const elsewhere = await t.createCompany('Fourth Agency')
    const outsider = await person('key_manager', null, elsewhere)
    const mine = await insertNotices(me.profileId, 3)
    const theirs = await insertNotices(colleague.profileId, 2)
    const outside = await insertNotices(outsider.profileId, 2, elsewhere)
    const marked = await t.request('POST', '/api/notifications/read', {
      cookie: me.cookie,
      body: { ids: [mine[0], theirs[0], outside[0]] },
    })
    expect(marked.status).toBe(200)
    expect(marked.json).toEqual({ read: 1, unread: 2 })
    expect((await told(colleague.profileId)).every((row) => row.read_at === null)).toBe(true)
    expect((await told(outsider.profileId)).every((row) => row.read_at === null)).toBe(true)
    const page = await list(me)
    expect(page.json.notifications.find((item: { id: string }) => item.id === mine[0]).read).toBe(true)

    const all = await t.request('POST', '/api/notifications/read-all', { cookie: me.cookie })
    expect(all.json).toEqual({ read: 2, unread: 0 })
    expect((await told(me.profileId)).every((row) => row.read_at !== null)).toBe(true)
    expect((await told(colleague.profileId)).every((row) => row.read_at === null)).toBe(true)
    expect((await told(outsider.profileId)).every((row) => row.read_at === null)).toBe(true)
    // Another person's id is no cursor of mine.
    const cursor = await list(me, theirs[0])
    expect(cursor.status).toBe(400)
    expect(cursor.json.error.field).toBe('cursor')
    expect((await list(colleague)).json.notifications).toHaveLength(2)
  })

  it('refuses bad input with 400 naming the field, and answers only the signed in', async () => {
    const me = await person('locksmith', null)
    const cases: [string, string, unknown, string][] = [
      ['GET', '/api/notifications?cursor=nope', undefined, 'cursor'],
      ['POST', '/api/notifications/read', {}, 'ids'],
      ['POST', '/api/notifications/read', { ids: [] }, 'ids'],
      ['POST', '/api/notifications/read', { ids: 'all' }, 'ids'],
      ['POST', '/api/notifications/read', { ids: ['not-a-uuid'] }, 'ids.0'],
    ]
    for (const [method, path, body, field] of cases) {
      const response = await t.request(method, path, { cookie: me.cookie, body })
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400)
      expect(response.json.error.field).toBe(field)
    }
    expect((await t.request('GET', '/api/notifications')).status).toBe(401)
    expect((await t.request('POST', '/api/notifications/read-all')).status).toBe(401)
  })

  it('keeps the list and count cheap: a NOTIFY per person per statement, not per row', async () => {
    const me = await person('transport_manager', null)
    const seen: string[] = []
    const stop = t.deps.notificationChanges.subscribe(me.profileId, (op) => seen.push(op))
    try {
      await insertNotices(me.profileId, 50)
      await t.db
        .updateTable('notifications')
        .set({ read_at: sql`now()` })
        .where('profile_id', '=', me.profileId)
        .execute()
      const deadline = Date.now() + 2_000
      while (seen.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(seen).toEqual(['INSERT', 'UPDATE'])
    } finally {
      stop()
    }
  })
})

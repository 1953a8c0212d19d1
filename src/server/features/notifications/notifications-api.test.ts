import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { notificationHelpers } from './notification-test-helpers'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const { person, told, list, insertNotices } = notificationHelpers(() => t)

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

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/harness'
import { syncRdnCases } from '../cases/sync'
import {
  CASE_ID,
  createTimelineWorld,
  OTHER_CASE_ID,
  type TimelineWorld,
  timelineHelpers,
} from './timeline-test-helpers'

let w: TimelineWorld
let t: TestApp

beforeAll(async () => {
  w = await createTimelineWorld()
  t = w.t
})
afterAll(() => t?.close())

const { newOrder, timeline, addNote, countNotes } = timelineHelpers(() => w)

describe('notes on an order and an RDN case', () => {
  it('adds a note to an order and lists it first, with its author', async () => {
    const order = await newOrder()
    const added = await addNote(`orders/${order.id}`, {
      type: 'Office Note',
      body: '  Called the lender.\nNo answer.  ',
    })
    expect(added.status).toBe(201)
    expect(added.json.entry).toMatchObject({
      kind: 'note',
      noteType: 'Office Note',
      body: 'Called the lender.\nNo answer.',
      actor: { id: w.manager.profileId, name: 'Test manager' },
      source: 'person',
    })
    expect(new Date(added.json.entry.createdAt).toISOString()).toBe(added.json.entry.createdAt)

    const second = await addNote(`orders/${order.id}`, { type: 'Agent Update', body: 'On my way.' }, w.agent.cookie)
    expect(second.status).toBe(201)
    const page = await timeline(`orders/${order.id}`, w.agent.cookie)
    expect(page.status).toBe(200)
    expect(page.json.nextBefore).toBeNull()
    expect(
      page.json.entries.map((entry: Record<string, unknown>) => [entry.kind, entry.noteType, entry.body, entry.actor]),
    ).toEqual([
      ['note', 'Agent Update', 'On my way.', { id: w.agent.profileId, name: 'Test recovery_agent' }],
      ['note', 'Office Note', 'Called the lender.\nNo answer.', { id: w.manager.profileId, name: 'Test manager' }],
      ['created', null, null, { id: w.manager.profileId, name: 'Test manager' }],
    ])
    expect(page.json.entries[2]).toMatchObject({ kind: 'created', source: 'import', field: null, label: null })

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'actor_user_id'])
      .where('action', '=', 'timeline.note_added')
      .where('target', '=', `order:${order.id}`)
      .execute()
    expect(audit).toEqual([
      { action: 'timeline.note_added', target: `order:${order.id}`, actor_user_id: w.manager.userId },
      { action: 'timeline.note_added', target: `order:${order.id}`, actor_user_id: w.agent.userId },
    ])
  })

  it('adds a note to an RDN case by the case id the Case detail opens, after its sync history', async () => {
    await syncRdnCases(t.db, t.companyId, [{ case_id: CASE_ID, status: 'Repossessed', make: 'Ford' }])
    const added = await addNote(
      `cases/${CASE_ID}`,
      { type: 'Agent Update', body: 'Vehicle secured 🚗' },
      w.agent.cookie,
    )
    expect(added.status).toBe(201)
    const page = await timeline(`cases/${CASE_ID}`, w.driver.cookie)
    expect(page.status).toBe(200)
    expect(
      page.json.entries.map((entry: Record<string, unknown>) => [
        entry.kind,
        entry.label,
        entry.oldValue,
        entry.newValue,
        entry.source,
      ]),
    ).toEqual([
      ['note', null, null, null, 'person'],
      // The move to Repossessed stamps when (migration 039).
      ['change', 'Repossessed at', null, expect.any(String), 'sync'],
      ['change', 'Repo date', null, expect.any(String), 'sync'],
      ['change', 'Status', 'Open', 'Repossessed', 'sync'],
      ['created', null, null, null, 'sync'],
    ])
    expect(page.json.entries[0]).toMatchObject({ body: 'Vehicle secured 🚗', actor: { name: 'Test recovery_agent' } })
    expect(page.json.entries[1].actor).toBeNull()
  })

  it('takes 1,500 characters as people count them and refuses 1,501, naming the field', async () => {
    const order = await newOrder()
    expect((await addNote(`orders/${order.id}`, { type: 'Lender Update', body: 'x'.repeat(1500) })).status).toBe(201)
    // 1,500 emoji with a skin tone: 3,000 code points, 1,500 characters to the person who wrote them.
    const emoji = await addNote(`orders/${order.id}`, { type: 'Lender Update', body: '👍🏽'.repeat(1500) })
    expect(emoji.status).toBe(201)
    for (const body of ['x'.repeat(1501), '👍🏽'.repeat(1501)]) {
      const refused = await addNote(`orders/${order.id}`, { type: 'Lender Update', body })
      expect(refused.status).toBe(400)
      expect(refused.json.error).toMatchObject({
        field: 'body',
        message: 'body: Note must be 1,500 characters or fewer.',
      })
    }
    const refusedCase = await addNote(`cases/${CASE_ID}`, { type: 'Office Note', body: 'x'.repeat(1501) })
    expect(refusedCase.status).toBe(400)
    expect(refusedCase.json.error.field).toBe('body')
  })

  it('refuses an unknown type, a blank note and text the database cannot store, writing nothing', async () => {
    const order = await newOrder()
    const before = await countNotes()
    const unknownType = await addNote(`orders/${order.id}`, { type: 'Memo', body: 'Hello' })
    expect(unknownType.status).toBe(400)
    expect(unknownType.json.error).toMatchObject({
      field: 'type',
      message: 'type: Choose Agent Update, Office Note or Lender Update.',
    })
    for (const body of ['', '   \n\t ', undefined]) {
      const blank = await addNote(`orders/${order.id}`, { type: 'Office Note', body })
      expect(blank.status).toBe(400)
      expect(blank.json.error).toMatchObject({ field: 'body', message: 'body: Write the note before adding it.' })
    }
    const nul = await addNote(`orders/${order.id}`, { type: 'Office Note', body: 'a\u0000b' })
    expect(nul.status).toBe(400)
    expect(nul.json.error.field).toBe('body')
    const surrogate = await addNote(`cases/${CASE_ID}`, { type: 'Office Note', body: 'a\ud800b' })
    expect(surrogate.status).toBe(400)
    expect(surrogate.json.error.field).toBe('body')
    expect(await countNotes()).toBe(before)
  })

  it("answers 404 for another company's order or case, for reading and for a note, and writes nothing", async () => {
    const before = await countNotes()
    const note = { type: 'Office Note', body: 'Not mine' }
    for (const [path, message] of [
      [`orders/${w.otherOrderId}`, 'Order not found'],
      [`orders/${randomUUID()}`, 'Order not found'],
      ['orders/not-a-uuid', 'Order not found'],
      [`cases/${OTHER_CASE_ID}`, 'The requested case could not be found.'],
      ['cases/12x', 'The requested case could not be found.'],
    ]) {
      const read = await timeline(path)
      expect(read.status).toBe(404)
      expect(read.json.error.message).toBe(message)
      const written = await addNote(path, note)
      expect(written.status).toBe(404)
      expect(written.json.error.message).toBe(message)
    }
    // The other company's own people see their order, but not ours.
    expect((await timeline(`orders/${w.otherOrderId}`, w.stranger.cookie)).status).toBe(200)
    const ours = await newOrder()
    expect((await addNote(`orders/${ours.id}`, note, w.stranger.cookie)).status).toBe(404)
    expect(await countNotes()).toBe(before)
    expect((await t.request('GET', `/api/timeline/orders/${ours.id}`)).status).toBe(401)
  })

  it('writes one note for a submit sent twice with its key', async () => {
    const order = await newOrder()
    const headers = { 'Idempotency-Key': randomUUID() }
    const note = { type: 'Office Note', body: 'Only once' }
    const first = await addNote(`orders/${order.id}`, note, w.manager.cookie, headers)
    const again = await addNote(`orders/${order.id}`, note, w.manager.cookie, headers)
    expect([first.status, again.status]).toEqual([201, 201])
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(again.json.entry.id).toBe(first.json.entry.id)
    const page = await timeline(`orders/${order.id}`)
    expect(page.json.entries.filter((entry: { kind: string }) => entry.kind === 'note')).toHaveLength(1)
  })
})

describe('timeline pages', () => {
  it('gives the newest 50 entries, then the rest before the cursor', async () => {
    const order = await newOrder()
    for (let index = 1; index <= 59; index++) {
      await t.db
        .insertInto('case_timeline')
        .values({
          company_id: t.companyId,
          order_id: order.id,
          kind: 'note',
          note_type: 'Office Note',
          body: `Note ${index}`,
          actor_profile_id: w.manager.profileId,
          source: 'person',
        })
        .execute()
    }
    const first = await timeline(`orders/${order.id}`)
    expect(first.json.entries).toHaveLength(50)
    expect(first.json.entries[0].body).toBe('Note 59')
    expect(first.json.entries[49].body).toBe('Note 10')
    expect(first.json.nextBefore).toBe(first.json.entries[49].id)
    const second = await timeline(`orders/${order.id}?before=${first.json.nextBefore}`)
    expect(second.status).toBe(200)
    expect(second.json.entries.map((entry: { body: string | null }) => entry.body)).toEqual([
      ...Array.from({ length: 9 }, (_, index) => `Note ${9 - index}`),
      null,
    ])
    expect(second.json.entries[9].kind).toBe('created')
    expect(second.json.nextBefore).toBeNull()
    const bad = await timeline(`orders/${order.id}?before=abc`)
    expect(bad.status).toBe(400)
    expect(bad.json.error.field).toBe('before')
  })

  it('gives the creation a page of its own when the stored entries fill the one before exactly', async () => {
    const order = await newOrder()
    await t.db
      .insertInto('case_timeline')
      .values(
        Array.from({ length: 50 }, (_, index) => ({
          company_id: t.companyId,
          order_id: order.id,
          kind: 'note' as const,
          note_type: 'Office Note',
          body: `Note ${index + 1}`,
          actor_profile_id: w.manager.profileId,
          source: 'person',
        })),
      )
      .execute()
    const first = await timeline(`orders/${order.id}`)
    expect(first.json.entries).toHaveLength(50)
    expect(first.json.entries.some((entry: { kind: string }) => entry.kind === 'created')).toBe(false)
    expect(first.json.nextBefore).toBe(first.json.entries[49].id)
    const second = await timeline(`orders/${order.id}?before=${first.json.nextBefore}`)
    expect(second.json.entries).toEqual([
      expect.objectContaining({
        kind: 'created',
        source: 'import',
        actor: expect.objectContaining({ name: 'Test manager' }),
      }),
    ])
    expect(second.json.nextBefore).toBeNull()
    // Past the creation there is nothing, and no second creation.
    const past = await timeline(`orders/${order.id}?before=${second.json.entries[0].id}`)
    expect(past.json).toEqual({ entries: [], nextBefore: null })
  })
})

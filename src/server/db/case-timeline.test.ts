import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { syncRdnCases } from '../features/cases/sync'
import { setChangeActor } from '../records/change-actor'
import { createTestApp, type TestApp } from '../test/harness'

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>

beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
})
afterAll(() => t.close())

const entriesOf = (column: 'order_id' | 'rdn_case_id', id: string) =>
  t.db
    .selectFrom('case_timeline')
    .select(['kind', 'field', 'old_value', 'new_value', 'actor_profile_id', 'source', 'company_id'])
    .where(column, '=', id)
    .orderBy('id')
    .execute()

async function insertOrder(orderNumber: string) {
  return t.db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: manager.profileId, source: 'import' })
    return trx
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: orderNumber, status: 'Open', color: 'Red' })
      .returning(['id', 'updated_at'])
      .executeTakeFirstOrThrow()
  })
}

describe('the case timeline the database writes (migration 022)', () => {
  it('records who created an order and how on the order itself, not as a timeline entry (migration 027)', async () => {
    const order = await insertOrder('TL-1')
    expect(await entriesOf('order_id', order.id)).toEqual([])
    expect(
      await t.db
        .selectFrom('orders')
        .select(['created_by_profile_id', 'created_source'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ created_by_profile_id: manager.profileId, created_source: 'import' })
    const bySystem = await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: 'TL-1-SYSTEM' })
      .returning(['created_by_profile_id', 'created_source'])
      .executeTakeFirstOrThrow()
    expect(bySystem).toEqual({ created_by_profile_id: null, created_source: 'system' })
  })

  it('records each changed field of an edit, old and new, with the person', async () => {
    const order = await insertOrder('TL-2')
    const saved = await t.request('PATCH', `/api/orders/${order.id}`, {
      cookie: manager.cookie,
      body: { expectedUpdatedAt: order.updated_at.toISOString(), changes: { color: 'Blue', license_plate: 'ABC123' } },
    })
    expect(saved.status).toBe(200)
    const changes = (await entriesOf('order_id', order.id)).filter((entry) => entry.kind === 'change')
    expect(changes).toEqual([
      expect.objectContaining({ field: 'color', old_value: 'Red', new_value: 'Blue', source: 'person' }),
      expect.objectContaining({ field: 'license_plate', old_value: null, new_value: 'ABC123', source: 'person' }),
    ])
    expect(changes.every((entry) => entry.actor_profile_id === manager.profileId)).toBe(true)
  })

  it('says system when no writer named itself, and writes nothing for an update that changes nothing', async () => {
    const order = await insertOrder('TL-3')
    await t.db.updateTable('orders').set({ status: 'On Hold' }).where('id', '=', order.id).execute()
    await t.db.updateTable('orders').set({ status: 'On Hold' }).where('id', '=', order.id).execute()
    const changes = (await entriesOf('order_id', order.id)).filter((entry) => entry.kind === 'change')
    expect(changes).toEqual([
      expect.objectContaining({
        field: 'status',
        old_value: 'Open',
        new_value: 'On Hold',
        actor_profile_id: null,
        source: 'system',
      }),
    ])
  })

  it('does not carry a person into the next transaction', async () => {
    const order = await insertOrder('TL-4')
    await t.db.updateTable('orders').set({ priority: 'high' }).where('id', '=', order.id).execute()
    const [change] = (await entriesOf('order_id', order.id)).filter((entry) => entry.kind === 'change')
    expect(change).toMatchObject({ field: 'priority', actor_profile_id: null, source: 'system' })
  })

  it('records the RDN sync creating and changing a case, and drops a deleted case with its entries', async () => {
    await syncRdnCases(t.db, t.companyId, [{ case_id: 7001, status: 'Open', make: 'Ford' }])
    await syncRdnCases(t.db, t.companyId, [{ case_id: 7001, status: 'Repossessed', make: 'Ford' }])
    const row = await t.db.selectFrom('rdn_cases').select('id').where('case_id', '=', 7001).executeTakeFirstOrThrow()
    const entries = await entriesOf('rdn_case_id', row.id)
    expect(
      entries.map(({ kind, field, old_value, new_value, source }) => ({ kind, field, old_value, new_value, source })),
    ).toEqual([
      { kind: 'change', field: 'status', old_value: 'Open', new_value: 'Repossessed', source: 'sync' },
      // The move stamps when (migration 039), on the timeline with it.
      { kind: 'change', field: 'repo_date', old_value: null, new_value: expect.any(String), source: 'sync' },
      {
        kind: 'change',
        field: 'time_marked_repossessed',
        old_value: null,
        new_value: expect.any(String),
        source: 'sync',
      },
    ])
    expect(
      await t.db.selectFrom('rdn_cases').select('created_source').where('id', '=', row.id).executeTakeFirstOrThrow(),
    ).toEqual({ created_source: 'sync' })
    await syncRdnCases(t.db, t.companyId, [], [7001])
    expect(await entriesOf('rdn_case_id', row.id)).toEqual([])
  })

  it('drops the entries of truncated tables with them', async () => {
    const order = await insertOrder('TL-TRUNCATE')
    await sql`truncate orders cascade`.execute(t.db)
    expect(await entriesOf('order_id', order.id)).toEqual([])
  })

  it('bounds a note at the database too: 1,500 characters people count, at most 15,000 code points (migration 024)', async () => {
    const order = await insertOrder('TL-5')
    const note = (body: string) =>
      t.db
        .insertInto('case_timeline')
        .values({
          company_id: t.companyId,
          order_id: order.id,
          kind: 'note',
          note_type: 'Office Note',
          body,
          source: 'person',
        })
        .execute()
    await expect(note('x'.repeat(1500))).resolves.toBeDefined()
    // 1,500 emoji with a skin tone: two code points each, one character to the person who wrote them.
    await expect(note('\u{1F44D}\u{1F3FD}'.repeat(1500))).resolves.toBeDefined()
    await expect(note('x'.repeat(15_000))).resolves.toBeDefined()
    await expect(note('x'.repeat(15_001))).rejects.toThrow()
  })
})

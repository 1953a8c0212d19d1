import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../lib/logger'
import { createTestApp, type TestApp } from '../../test/harness'
import { notificationHelpers } from './notification-test-helpers'
import { runStaleCheck, startStaleCheck } from './stale-check'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const { newOrder, person, told } = notificationHelpers(() => t)

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

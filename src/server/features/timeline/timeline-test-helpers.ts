import { randomUUID } from 'node:crypto'
import { setChangeActor } from '../../records/change-actor'
import { createTestApp } from '../../test/harness'
import { syncRdnCases } from '../cases/sync'

export const CASE_ID = 8_100_001
export const OTHER_CASE_ID = 8_100_002

/**
 * A fresh app with the people the timeline tests act as (a manager, a field manager, an agent and
 * a camera car driver of Mobile, a manager of another company), a client, an RDN case of each
 * company and an order of the other company.
 */
export async function createTimelineWorld() {
  const t = await createTestApp()
  const manager = await t.createUser('manager')
  const fieldManager = await t.createUser('field_manager')
  const agent = await t.createUser('recovery_agent')
  const driver = await t.createUser('camera_driver')
  const otherCompanyId = await t.createCompany('Other Recovery Co')
  const stranger = await t.createUser('manager', otherCompanyId)
  await t.db
    .updateTable('profiles')
    .set({ market: 'Mobile' })
    .where('id', 'in', [fieldManager.profileId, agent.profileId, driver.profileId])
    .execute()
  const client = await t.db
    .insertInto('clients')
    .values({ company_id: t.companyId, name: 'Ally Financial', client_code: 'ALLFIN' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const clientId = client.id
  await syncRdnCases(t.db, t.companyId, [{ case_id: CASE_ID, status: 'Open', make: 'Ford' }])
  await syncRdnCases(t.db, otherCompanyId, [{ case_id: OTHER_CASE_ID, status: 'Open' }])
  const otherOrderId = (
    await t.db
      .insertInto('orders')
      .values({ company_id: otherCompanyId, order_number: 'THEIRS-1' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  return { t, manager, fieldManager, agent, driver, stranger, otherCompanyId, clientId, otherOrderId }
}

export type TimelineWorld = Awaited<ReturnType<typeof createTimelineWorld>>

/** The timeline tests' requests and reads, over the world their own beforeAll creates. */
export function timelineHelpers(world: () => TimelineWorld) {
  /** An order of the first company, created as an import by the manager (its timeline's creation). */
  async function newOrder(values: Record<string, unknown> = {}) {
    const { t, manager } = world()
    return t.db.transaction().execute(async (trx) => {
      await setChangeActor(trx, { profileId: manager.profileId, source: 'import' })
      return trx
        .insertInto('orders')
        .values({ company_id: t.companyId, order_number: `TL-${randomUUID().slice(0, 8)}`, color: 'Red', ...values })
        .returning(['id', 'updated_at'])
        .executeTakeFirstOrThrow()
    })
  }

  const timeline = (path: string, cookie = world().manager.cookie) =>
    world().t.request('GET', `/api/timeline/${path}`, { cookie })
  const addNote = (path: string, body: unknown, cookie = world().manager.cookie, headers?: Record<string, string>) =>
    world().t.request('POST', `/api/timeline/${path}/notes`, { cookie, body, headers })
  const countNotes = async () =>
    Number(
      (
        await world()
          .t.db.selectFrom('case_timeline')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('kind', '=', 'note')
          .executeTakeFirstOrThrow()
      ).count,
    )

  return { newOrder, timeline, addNote, countNotes }
}

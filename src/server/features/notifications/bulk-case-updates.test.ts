import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setChangeActor } from '../../records/change-actor'
import { createTestApp, type TestApp } from '../../test/harness'
import { syncRdnCases } from '../cases/sync'
import { notificationHelpers } from './notification-test-helpers'

// Issue 42 item 2: a bulk update of RDN cases is linear. Their statement triggers are planned
// without JIT (a transition table has no statistics: a join of the old and new rows was estimated
// at n * n / 200 rows and compiled for seconds); assignments are told exactly as before.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const { person, told } = notificationHelpers(() => t)

const CASES = 600

describe('bulk updates of RDN cases (issue 42)', () => {
  it('tell the people given cases in one statement, once each, and nobody else', async () => {
    const agent = await person('recovery_agent')
    const other = await person('recovery_agent')
    const assigner = await person('field_manager')
    await t.db.updateTable('profiles').set({ rdn_id_number: 'BULK-A' }).where('id', '=', agent.profileId).execute()
    await t.db
      .insertInto('rdn_agent_mappings')
      .values({ company_id: t.companyId, rdn_agent_id: 'BULK-B', profile_id: other.profileId })
      .execute()
    await syncRdnCases(
      t.db,
      t.companyId,
      Array.from({ length: CASES }, (_, index) => ({
        case_id: 8_100_000 + index,
        case_number: `BULK-${index}`,
        assigned_agent_id: index < 10 ? 'BULK-A' : null,
      })),
    )
    expect(await told(agent.profileId)).toHaveLength(10)

    // One statement: every case touched; 3 given to the agent (7 keep theirs), 2 to the mapped id, the rest unassigned.
    await sql`update rdn_cases set assigned_agent_id = case
        when case_id < 8100010 then 'BULK-A'
        when case_id between 8100010 and 8100012 then 'BULK-A'
        when case_id between 8100013 and 8100014 then 'BULK-B'
        else null end,
      updated_at = now()
      where company_id = ${t.companyId} and case_id between 8100000 and ${8_100_000 + CASES - 1}`.execute(t.db)
    const toAgent = await told(agent.profileId)
    expect(toAgent).toHaveLength(13)
    expect(toAgent.filter((row) => row.message === 'You were assigned RDN case BULK-11.')).toHaveLength(1)
    expect((await told(other.profileId)).map((row) => row.message).sort()).toEqual([
      'You were assigned RDN case BULK-13.',
      'You were assigned RDN case BULK-14.',
    ])

    // The one who assigned is not told of their own doing.
    await t.db.transaction().execute(async (trx) => {
      await setChangeActor(trx, { profileId: other.profileId, source: 'person' })
      await sql`update rdn_cases set assigned_agent_id = 'BULK-B'
        where company_id = ${t.companyId} and case_id between 8100015 and 8100016`.execute(trx)
    })
    expect(await told(other.profileId)).toHaveLength(2)
    expect(await told(assigner.profileId)).toEqual([])
  })

  it("plans rdn_cases' statement triggers without JIT", async () => {
    const { rows } = await sql<{ proname: string; proconfig: string[] | null }>`
      select distinct p.proname, p.proconfig from pg_trigger g join pg_proc p on p.oid = g.tgfoid
      where g.tgrelid = 'rdn_cases'::regclass and not g.tgisinternal and g.tgtype & 1 = 0
        and (g.tgoldtable is not null or g.tgnewtable is not null)`.execute(t.db)
    expect(rows.length).toBeGreaterThanOrEqual(6)
    expect(rows.filter((row) => !(row.proconfig ?? []).includes('jit=off')).map((row) => row.proname)).toEqual([])
  })
})

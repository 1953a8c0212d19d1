import { describe, expect, it } from 'vitest'
import { agent, setUpHoldsApp, t } from './holds-test-kit'

// An agent's On-Hook on an RDN case of their RDN agent id: who may record is read in the act's own
// transaction (on PGlite a read beside it waited for ever).

setUpHoldsApp()

describe('On-Hook on an RDN case', () => {
  it('is recorded for the agent the case is assigned to by RDN agent id', async () => {
    await t.db.updateTable('profiles').set({ rdn_id_number: 'RA-7' }).where('id', '=', agent.profileId).execute()
    await t.db
      .insertInto('rdn_cases')
      .values({
        company_id: t.companyId,
        case_id: 91_001,
        case_number: 'RH-1',
        status: 'Open',
        assigned_agent_id: 'RA-7',
      })
      .execute()
    const response = await t.request('POST', '/api/recovery/cases/rdn/91001/on-hook', {
      cookie: agent.cookie,
      body: {},
    })
    expect(response.status).toBe(201)
    const stored = await t.db
      .selectFrom('rdn_cases')
      .select('status')
      .where('case_id', '=', 91_001)
      .executeTakeFirstOrThrow()
    expect(stored.status).toBe('Repossessed')
  })
})

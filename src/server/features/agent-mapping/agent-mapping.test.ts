import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>
let agent: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  agent = await t.createUser('recovery_agent')
  await t.db.updateTable('profiles').set({ rdn_id_number: 'A-OWN' }).where('id', '=', agent.profileId).execute()
  await t.db
    .insertInto('rdn_cases')
    .values([
      { company_id: t.companyId, case_id: 1, assigned_agent_id: 'A-77' },
      { company_id: t.companyId, case_id: 2, assigned_agent_id: 'A-77' },
      { company_id: t.companyId, case_id: 3, assigned_agent_id: 'A-88' },
      { company_id: t.companyId, case_id: 4, assigned_agent_id: 'A-OWN' },
    ])
    .execute()
})
afterAll(() => t?.close())

const view = (cookie = admin.cookie) => t.request('GET', '/api/agent-mappings', { cookie })

describe('Agent Mapping', () => {
  it('lists unmapped agent ids by case count, maps one in one call, and the case shows the person', async () => {
    const before = await view()
    expect(before.json.unmapped).toEqual([
      { rdn_agent_id: 'A-77', case_count: 2 },
      { rdn_agent_id: 'A-88', case_count: 1 },
    ])
    expect(before.json.people[0]).toMatchObject({ id: agent.profileId, role: 'recovery_agent' })
    const mapped = await t.request('POST', '/api/agent-mappings', {
      cookie: admin.cookie,
      body: { rdnAgentId: 'A-77', profileId: agent.profileId },
    })
    expect(mapped.status).toBe(201)
    const after = await view()
    expect(after.json.unmapped).toEqual([{ rdn_agent_id: 'A-88', case_count: 1 }])
    expect(after.json.mappings).toEqual([
      expect.objectContaining({
        rdn_agent_id: 'A-77',
        case_count: 2,
        profile: expect.objectContaining({ id: agent.profileId }),
      }),
    ])
    const detail = await t.request('GET', '/api/cases/1', { cookie: admin.cookie })
    expect(detail.json.case.assigned_agent).toMatchObject({ id: agent.profileId, full_name: 'Test recovery_agent' })
    const own = await t.request('GET', '/api/cases/4', { cookie: admin.cookie })
    expect(own.json.case.assigned_agent).toMatchObject({ id: agent.profileId })

    const removed = await t.request('DELETE', `/api/agent-mappings/${after.json.mappings[0].id}`, {
      cookie: admin.cookie,
    })
    expect(removed.status).toBe(200)
    expect((await t.request('GET', '/api/cases/1', { cookie: admin.cookie })).json.case.assigned_agent).toBeNull()
  })

  it("a mapping outranks a profile's own RDN id number, on the list and the detail", async () => {
    // Someone else's own number is A-OWN too; the mapping of A-OWN to them decides.
    const other = await t.createUser('recovery_agent')
    await t.db.updateTable('profiles').set({ rdn_id_number: 'A-OWN' }).where('id', '=', other.profileId).execute()
    const mapped = await t.request('POST', '/api/agent-mappings', {
      cookie: admin.cookie,
      body: { rdnAgentId: 'A-OWN', profileId: other.profileId },
    })
    expect(mapped.status).toBe(201)
    const detail = await t.request('GET', '/api/cases/4', { cookie: admin.cookie })
    expect(detail.json.case.assigned_agent).toMatchObject({ id: other.profileId })
    const list = await t.request('GET', '/api/cases', { cookie: admin.cookie })
    const listed = list.json.cases.find((row: { case_id: number }) => row.case_id === 4)
    expect(listed.assigned_agent).toMatchObject({ id: other.profileId })
    await t.request('DELETE', `/api/agent-mappings/${mapped.json.id}`, { cookie: admin.cookie })
    await t.db.updateTable('profiles').set({ rdn_id_number: null }).where('id', '=', other.profileId).execute()
  })

  it("refuses another company's people and other roles", async () => {
    const outsider = await t.createUser('admin', await t.createCompany('Else'))
    const foreign = await t.request('POST', '/api/agent-mappings', {
      cookie: outsider.cookie,
      body: { rdnAgentId: 'A-88', profileId: agent.profileId },
    })
    expect(foreign.status).toBe(404)
    expect((await view(outsider.cookie)).json.unmapped).toEqual([])
    expect((await view(agent.cookie)).status).toBe(403)
    const bad = await t.request('POST', '/api/agent-mappings', {
      cookie: admin.cookie,
      body: { rdnAgentId: '', profileId: 'x' },
    })
    expect(bad.status).toBe(400)
  })
})

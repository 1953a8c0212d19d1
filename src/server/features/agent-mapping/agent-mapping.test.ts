import { type Compilable, CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { mappingsWithCounts, unmappedAgentIds } from './repository'

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

type PlanNode = {
  'Node Type': string
  'Relation Name'?: string
  'Index Cond'?: string
  Filter?: string
  Plans?: PlanNode[]
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

describe("Agent Mapping's case counts (issue 42)", () => {
  it('come from the counts the database keeps per agent id, the cases read only for an empty id', async () => {
    const plans = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      const explain = async (query: Compilable) => {
        const { sql: text, parameters } = query.compile()
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
          CompiledQuery.raw(`explain (format json) ${text}`, [...parameters]),
        )
        const json = rows[0]['QUERY PLAN']
        return ((typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }])[0].Plan
      }
      return [
        await explain(mappingsWithCounts(t.db, t.companyId)),
        await explain(unmappedAgentIds(t.db, t.companyId, 200)),
      ]
    })
    for (const plan of plans) {
      const caseReads = nodesOf(plan).filter((node) => node['Relation Name'] === 'rdn_cases')
      const conditions = caseReads.map((node) => `${node['Index Cond'] ?? ''} ${node.Filter ?? ''}`)
      expect(conditions).toEqual([expect.stringContaining("assigned_agent_id = ''::text")])
    }
  })

  it('stay exact through case changes, an empty agent id listed on its own as before', async () => {
    const companyId = await t.createCompany('Counting Agency')
    const manager = await t.createUser('manager', companyId)
    const unmapped = async () => (await view(manager.cookie)).json.unmapped
    await t.db
      .insertInto('rdn_cases')
      .values([
        { company_id: companyId, case_id: 11, assigned_agent_id: 'B-1', lender_name: 'Ally', status: 'Open' },
        { company_id: companyId, case_id: 12, assigned_agent_id: 'B-1', lender_name: 'Chase', status: 'Closed' },
        { company_id: companyId, case_id: 13, assigned_agent_id: 'B-2', lender_name: 'Ally', status: 'Open' },
        { company_id: companyId, case_id: 14, assigned_agent_id: '', lender_name: 'Ally', status: 'Open' },
        { company_id: companyId, case_id: 15, assigned_agent_id: null, lender_name: 'Ally', status: 'Open' },
      ])
      .execute()
    expect(await unmapped()).toEqual([
      { rdn_agent_id: 'B-1', case_count: 2 },
      { rdn_agent_id: '', case_count: 1 },
      { rdn_agent_id: 'B-2', case_count: 1 },
    ])
    await t.db
      .updateTable('rdn_cases')
      .set({ assigned_agent_id: 'B-2' })
      .where('company_id', '=', companyId)
      .where('case_id', 'in', [12, 14])
      .execute()
    await t.db.deleteFrom('rdn_cases').where('company_id', '=', companyId).where('case_id', '=', 11).execute()
    expect(await unmapped()).toEqual([{ rdn_agent_id: 'B-2', case_count: 3 }])
    const profile = (await t.createUser('recovery_agent', companyId)).profileId
    await t.request('POST', '/api/agent-mappings', {
      cookie: manager.cookie,
      body: { rdnAgentId: 'B-2', profileId: profile },
    })
    const after = (await view(manager.cookie)).json
    expect(after.unmapped).toEqual([])
    expect(after.mappings).toEqual([expect.objectContaining({ rdn_agent_id: 'B-2', case_count: 3 })])
  })
})

import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { importOrders } from '../import/service'

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
})
afterAll(() => t?.close())

const create = (body: Record<string, unknown>, cookie = manager.cookie) =>
  t.request('POST', '/api/clients', { cookie, body })
const list = (q = '', cookie = manager.cookie) =>
  t.request('GET', `/api/clients${q ? `?q=${encodeURIComponent(q)}` : ''}`, { cookie })

describe('Client Management', () => {
  it('creates a client with the spec client code, or the one given, unique in the company', async () => {
    const made = await create({ name: 'Westlake Financial Services', lienholderName: 'Westlake Portfolio Management' })
    expect(made.status).toBe(201)
    expect(made.json.client.client_code).toBe('WESFINSER-WEPOMA')
    const custom = await create({ name: 'Ally Financial', lienholderName: 'Ally Bank', clientCode: 'ally-1' })
    expect(custom.json.client.client_code).toBe('ALLY-1')
    const clash = await create({ name: 'Another', clientCode: 'ALLY-1' })
    expect(clash.status).toBe(409)
    expect(clash.json.error).toMatchObject({
      field: 'clientCode',
      message: 'Another client already has the code ALLY-1.',
    })
    expect((await create({ name: '' })).status).toBe(400)
    // Two names giving the same spec code: the second gets a suffix, not a refusal.
    const first = await create({ name: 'Regional Acceptance', lienholderName: 'Regional Bank' })
    const second = await create({ name: 'Regional Acceptance Corp', lienholderName: 'Regional Bank' })
    expect(first.json.client.client_code).toBe('REGACC-REBA')
    expect(second.json.client.client_code).toBe('REGACCCOR-REBA')
    const suffixed = await create({ name: 'Regional Acceptance', lienholderName: 'Regional Bank' })
    expect(suffixed.json.client.client_code).toBe('REGACC-REBA-2')
  })

  it('lists with order and case counts, searches, edits and deactivates; import matches only active clients', async () => {
    const ally = (await list('ally')).json.clients[0]
    await t.db
      .insertInto('orders')
      .values([
        { company_id: t.companyId, order_number: 'O-1', client_id: ally.id },
        { company_id: t.companyId, order_number: 'O-2', client_id: ally.id },
      ])
      .execute()
    await t.db
      .insertInto('rdn_cases')
      .values({ company_id: t.companyId, case_id: 77, lender_name: 'ALLY FINANCIAL' })
      .execute()
    const listed = (await list('ALLY-1')).json.clients
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({ name: 'Ally Financial', order_count: 2, case_count: 1, active: true })

    const edited = await t.request('PATCH', `/api/clients/${ally.id}`, {
      cookie: manager.cookie,
      body: { name: 'Ally Financial', lienholderName: 'Ally Bank', displayName: 'Ally', clientCode: 'ALLY-2' },
    })
    expect(edited.json.client.client_code).toBe('ALLY-2')
    // The update cadence (issue 19): 3 days unless set, 1 to 90, kept when a save leaves it out.
    expect(listed[0].update_cadence_days).toBe(3)
    const cadence = (updateCadenceDays: unknown) =>
      t.request('PATCH', `/api/clients/${ally.id}`, {
        cookie: manager.cookie,
        body: { name: 'Ally Financial', lienholderName: 'Ally Bank', clientCode: 'ALLY-2', updateCadenceDays },
      })
    expect((await cadence(7)).status).toBe(200)
    expect((await cadence(0)).json.error.message).toMatch('The update cadence is 1 to 90 days.')
    expect((await cadence('soon')).json.error).toMatchObject({ field: 'updateCadenceDays' })
    expect((await list('ally')).json.clients[0].update_cadence_days).toBe(7)
    // After the recovery (issue 20): whether the lender must authorize a release, and the photos its
    // condition reports need (null: the standard list); each kept when a save leaves it out.
    const saveAfterRecovery = (extra: Record<string, unknown>) =>
      t.request('PATCH', `/api/clients/${ally.id}`, {
        cookie: manager.cookie,
        body: { name: 'Ally Financial', lienholderName: 'Ally Bank', clientCode: 'ALLY-2', ...extra },
      })
    expect((await list('ally')).json.clients[0]).toMatchObject({
      release_needs_lender_authorization: false,
      hand_over_needs_payment: false,
      condition_photo_slots: null,
    })
    const saved = await saveAfterRecovery({
      releaseNeedsLenderAuthorization: true,
      handOverNeedsPayment: true,
      conditionPhotoSlots: ['vin', 'odometer', 'trunk'],
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    expect((await saveAfterRecovery({ conditionPhotoSlots: ['VIN plate!'] })).json.error).toMatchObject({
      field: 'conditionPhotoSlots.0',
    })
    expect((await saveAfterRecovery({ conditionPhotoSlots: [] })).status).toBe(400)
    expect((await saveAfterRecovery({})).status).toBe(200)
    expect((await list('ally')).json.clients[0]).toMatchObject({
      release_needs_lender_authorization: true,
      hand_over_needs_payment: true,
      condition_photo_slots: ['vin', 'odometer', 'trunk'],
    })
    const paste =
      'Case Number\tClient Name\tLienholder Name\tVIN\tMake\tModel\tOrder Date\nC-1\tAlly Financial\tAlly Bank\tV\tHonda\tAccord\t1/2/25'
    const viewer = { userId: manager.userId, companyId: t.companyId } as Parameters<typeof importOrders>[1]
    const settings = { skipDuplicates: true, autoCreateClients: false, randomizeNames: false }
    expect((await importOrders(t.db, viewer, paste, settings)).imported).toBe(1)
    await t.request('PATCH', `/api/clients/${ally.id}`, {
      cookie: manager.cookie,
      body: { name: 'Ally Financial', lienholderName: 'Ally Bank', active: false },
    })
    const inactive = (await list('ally')).json.clients[0]
    expect(inactive).toMatchObject({ active: false, client_code: 'ALLY-2' })
    const afterDeactivate = await importOrders(t.db, viewer, paste.replace('C-1', 'C-2'), settings)
    expect(afterDeactivate.errors[0].message).toMatch(/^Row 2: Unknown client "Ally Financial"/)
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `client:${ally.id}`)
      .execute()
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['client.created', 'client.updated', 'client.deactivated']),
    )
  })

  it("keeps other companies' clients invisible and untouchable, and refuses other roles", async () => {
    const outsider = await t.createUser('admin', await t.createCompany('Other Agency'))
    expect((await list('', outsider.cookie)).json.clients).toEqual([])
    const someId = (await list()).json.clients[0].id
    const touched = await t.request('PATCH', `/api/clients/${someId}`, {
      cookie: outsider.cookie,
      body: { name: 'Mine now' },
    })
    expect(touched.status).toBe(404)
    const agent = await t.createUser('recovery_agent')
    expect((await list('', agent.cookie)).status).toBe(403)
    expect((await create({ name: 'X' }, agent.cookie)).status).toBe(403)
  })
})

describe("each client's RDN cases, counted by the database (issue 42)", () => {
  // What the list showed by counting the cases (migration 040's client on each), and what the database keeps.
  const fresh = (companyId: string) => sql<{ key: string }>`
    select concat(cl.name, '=', count(c.id)) as key from clients cl
    left join rdn_cases c on c.company_id = cl.company_id and c.client_id = cl.id
    where cl.company_id = ${companyId} group by cl.id, cl.name order by 1`
  const kept = (companyId: string) => sql<{ key: string }>`
    select concat(cl.name, '=', coalesce(k.cases, 0)) as key from clients cl
    left join rdn_case_client_counts k on k.company_id = cl.company_id and k.client_id = cl.id
    where cl.company_id = ${companyId} order by 1`
  const keys = async (query: ReturnType<typeof fresh>) => (await query.execute(t.db)).rows.map((row) => row.key)

  it('stay equal to counting the cases through case and client changes, and are what the list shows', async () => {
    const companyId = await t.createCompany('Counting Agency')
    const admin = await t.createUser('admin', companyId)
    const make = (body: Record<string, unknown>) => create(body, admin.cookie)
    const listed = async () =>
      ((await list('', admin.cookie)).json.clients as { name: string; case_count: number }[])
        .map((client) => `${client.name}=${client.case_count}`)
        .sort()
    const ally = (await make({ name: 'Ally Financial', lienholderName: 'Ally Bank' })).json.client
    const chase = (await make({ name: 'Chase' })).json.client
    await t.db
      .insertInto('rdn_cases')
      .values([
        { company_id: companyId, case_id: 501, lender_name: 'ALLY FINANCIAL' },
        { company_id: companyId, case_id: 502, lender_name: 'Ally Financial, Inc.' },
        // Its lienholder names the client when its lender names none.
        { company_id: companyId, case_id: 503, lender_name: 'Someone Else', lienholder_name: 'Ally Bank' },
        { company_id: companyId, case_id: 504, lender_name: 'Chase' },
        { company_id: companyId, case_id: 505, lender_name: 'Capital One' },
        { company_id: companyId, case_id: 506, lender_name: null },
      ])
      .execute()
    // Another company's case naming the same lender is not this company's client's.
    await t.db.insertInto('rdn_cases').values({ company_id: t.companyId, case_id: 507, lender_name: 'Chase' }).execute()
    expect(await keys(kept(companyId))).toEqual(['Ally Financial=3', 'Chase=1'])
    expect(await listed()).toEqual(await keys(fresh(companyId)))

    // A case's lender changes, a status changes (nothing moves), a case goes.
    await t.db.updateTable('rdn_cases').set({ lender_name: 'Chase' }).where('case_id', '=', 501).execute()
    await t.db.updateTable('rdn_cases').set({ status: 'Repossessed' }).where('company_id', '=', companyId).execute()
    await t.db.deleteFrom('rdn_cases').where('case_id', '=', 502).execute()
    expect(await keys(kept(companyId))).toEqual(['Ally Financial=1', 'Chase=2'])
    expect(await keys(kept(companyId))).toEqual(await keys(fresh(companyId)))

    // Clients created, renamed, deactivated: their cases are resolved again, and counted again.
    await make({ name: 'Capital One' })
    await t.request('PATCH', `/api/clients/${chase.id}`, {
      cookie: admin.cookie,
      body: { name: 'Chase Auto', lienholderName: null },
    })
    await t.request('PATCH', `/api/clients/${ally.id}`, {
      cookie: admin.cookie,
      body: { name: 'Ally Financial', lienholderName: 'Ally Bank', active: false },
    })
    expect(await keys(kept(companyId))).toEqual(['Ally Financial=1', 'Capital One=1', 'Chase Auto=0'])
    expect(await keys(kept(companyId))).toEqual(await keys(fresh(companyId)))
    expect(await listed()).toEqual(await keys(fresh(companyId)))

    await sql`truncate rdn_cases cascade`.execute(t.db)
    expect(await keys(kept(companyId))).toEqual(await keys(fresh(companyId)))
    expect(await listed()).toEqual(['Ally Financial=0', 'Capital One=0', 'Chase Auto=0'])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { importOrders } from '../import/service'

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
  await t.db.insertInto('clients').values({ company_id: t.companyId, name: 'Ally', client_code: 'ALL-' }).execute()
})
afterAll(() => t?.close())

describe('sub-statuses', () => {
  it('creates, lists with usage, deactivates; the import finds only active ones', async () => {
    const created = await t.request('POST', '/api/sub-statuses', {
      cookie: manager.cookie,
      body: { code: 'close_fee_approved', description: 'Close Fee Approved' },
    })
    expect(created.status).toBe(201)
    expect(created.json.subStatus.code).toBe('CLOSE_FEE_APPROVED')
    const duplicate = await t.request('POST', '/api/sub-statuses', {
      cookie: manager.cookie,
      body: { code: 'CLOSE_FEE_APPROVED', description: 'Again' },
    })
    expect(duplicate.status).toBe(409)
    expect(
      (
        await t.request('POST', '/api/sub-statuses', {
          cookie: manager.cookie,
          body: { code: 'bad code', description: 'x' },
        })
      ).status,
    ).toBe(400)

    const viewer = { userId: manager.userId, companyId: t.companyId } as Parameters<typeof importOrders>[1]
    const settings = { skipDuplicates: true, autoCreateClients: false, randomizeNames: false }
    const paste = (caseNumber: string) =>
      `Case Number\tClient Name\tVIN\tMake\tModel\tOrder Date\tSub-Status\n${caseNumber}\tAlly\tV\tHonda\tAccord\t1/2/25\tClose Fee Approved`
    expect((await importOrders(t.db, viewer, paste('S-1'), settings)).imported).toBe(1)
    const listed = await t.request('GET', '/api/sub-statuses', { cookie: manager.cookie })
    expect(listed.json.subStatuses[0]).toMatchObject({ code: 'CLOSE_FEE_APPROVED', order_count: 1, active: true })

    const nothing = await t.request('PATCH', `/api/sub-statuses/${created.json.subStatus.id}`, {
      cookie: manager.cookie,
      body: {},
    })
    expect(nothing.status).toBe(400)
    await t.request('PATCH', `/api/sub-statuses/${created.json.subStatus.id}`, {
      cookie: manager.cookie,
      body: { active: false },
    })
    // An inactive sub-status is not found: the order is imported all the same and the item listed.
    const after = await importOrders(t.db, viewer, paste('S-2'), settings)
    expect(after).toMatchObject({ imported: 1, refused: 0 })
    expect(after.errors.map((error) => error.message)).toEqual(['Row 2: Sub-status not found: "Close Fee Approved"'])
  })

  it('is for admins and managers of the company only', async () => {
    const agent = await t.createUser('field_manager')
    expect((await t.request('GET', '/api/sub-statuses', { cookie: agent.cookie })).status).toBe(403)
    const outsider = await t.createUser('admin', await t.createCompany('Else'))
    expect((await t.request('GET', '/api/sub-statuses', { cookie: outsider.cookie })).json.subStatuses).toEqual([])
  })
})

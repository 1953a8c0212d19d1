import { describe, expect, it } from 'vitest'
import { syncRdnCases } from '../cases/sync'
import { createImportRunner } from '../import/import-fixtures'
import {
  agent,
  assignedOrder,
  cameraDriver,
  editOrder,
  fieldManager,
  HOLD_STORY,
  holdOrder,
  holdsOf,
  manager,
  onHook,
  setUpHoldsApp,
  t,
} from './holds-test-kit'

setUpHoldsApp()

// Issue 44 items 2 and 3: every path that finds or assigns a vehicle refuses a stopped case with
// the stop's story; holds from the RDN sync and the import say who and why; a held case leaves the
// worklists (the race of a hold and an On-Hook: hold-race.test.ts).

const RDN_AGENT = 'RDN-HOLDS-1'
let caseSerial = 440_000

const sync = (rows: Record<string, unknown>[]) => syncRdnCases(t.db, t.companyId, rows)

/** An open RDN case synced in, on the agent's RDN agent id; its row id and case id. */
async function syncedCase() {
  caseSerial += 1
  await t.db.updateTable('profiles').set({ rdn_id_number: RDN_AGENT }).where('id', '=', agent.profileId).execute()
  const result = await sync([
    { case_id: caseSerial, case_number: `RC-${caseSerial}`, status: 'Open', assigned_agent_id: RDN_AGENT },
  ])
  expect(result.problems).toEqual([])
  const row = await t.db
    .selectFrom('rdn_cases')
    .select(['id', 'case_id', 'status'])
    .where('case_id', '=', caseSerial)
    .executeTakeFirstOrThrow()
  return row
}

const liftOrder = (order: { id: string }) => editOrder(order, { status: 'Open' })

const boardAssign = (cases: { source: 'order' | 'case'; id: string }[], body: Record<string, unknown>) =>
  t.request('POST', '/api/assignments', { cookie: manager.cookie, body: { cases, ...body } })
const boardState = (cases: { source: 'order' | 'case'; id: string }[], state: string) =>
  t.request('POST', '/api/assignments/state', { cookie: manager.cookie, body: { cases, state } })

describe('a stopped case refuses every path that finds or assigns a vehicle (issue 44)', () => {
  it('the board refuses to put someone on a held order, with the stop’s story; taking someone off is allowed; lifted, it assigns', async () => {
    const order = await assignedOrder()
    expect((await holdOrder(order)).status).toBe(200)
    const refused = await boardAssign([{ source: 'order', id: order.id }], {
      agentId: fieldManager.profileId === '' ? null : null,
      cameraDriverId: null,
    })
    // Taking both people off a held case is allowed.
    expect(refused.status, JSON.stringify(refused.json)).toBe(200)
    const putOn = await boardAssign([{ source: 'order', id: order.id }], { cameraDriverId: cameraDriver.profileId })
    expect(putOn.status).toBe(409)
    expect(putOn.json.error.message).toMatch(
      /^HO-\d+: This case was put on hold .*Reason: Borrower filed bankruptcy Nothing was changed\.$/,
    )
    const row = await t.db
      .selectFrom('orders')
      .select('assigned_camera_driver_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    expect(row.assigned_camera_driver_id).toBeNull()
    expect((await liftOrder(order)).status).toBe(200)
    expect(
      (await boardAssign([{ source: 'order', id: order.id }], { cameraDriverId: cameraDriver.profileId })).status,
    ).toBe(200)
  })

  it('the board refuses a held RDN case, and making a held assignment Active again; putting it on hold is allowed', async () => {
    const held = await syncedCase()
    expect(
      (await sync([{ case_id: held.case_id, hold: true, hold_reason: 'Borrower filed bankruptcy' }])).problems,
    ).toEqual([])
    const refused = await boardAssign([{ source: 'case', id: held.id }], { cameraDriverId: cameraDriver.profileId })
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toMatch(
      /^RC-\d+: This case was put on hold .* by the lender: do not recover\. Reason: Borrower filed bankruptcy Nothing was changed\.$/,
    )
    expect((await boardState([{ source: 'case', id: held.id }], 'On Hold')).status).toBe(200)
    const reactivated = await boardState([{ source: 'case', id: held.id }], 'Active')
    expect(reactivated.status).toBe(409)
    expect(reactivated.json.error.message).toContain('by the lender: do not recover.')
    await sync([{ case_id: held.case_id, status: 'Open' }])
    expect((await boardState([{ source: 'case', id: held.id }], 'Active')).status).toBe(200)
    expect(
      (await boardAssign([{ source: 'case', id: held.id }], { cameraDriverId: cameraDriver.profileId })).status,
    ).toBe(200)
  })

  it('the field manager’s dashboard refuses to assign a held order, allows taking someone off, and assigns once lifted', async () => {
    const order = await assignedOrder()
    expect((await holdOrder(order)).status).toBe(200)
    const path = `/api/dashboards/field-manager/assignments/${order.id}`
    const refused = await t.request('PUT', path, {
      cookie: fieldManager.cookie,
      body: { agentId: agent.profileId, cameraDriverId: null },
    })
    // Keeping the agent and taking the driver off is no new assignment.
    expect(refused.status, JSON.stringify(refused.json)).toBe(200)
    const putOn = await t.request('PUT', path, {
      cookie: fieldManager.cookie,
      body: { agentId: agent.profileId, cameraDriverId: cameraDriver.profileId },
    })
    expect(putOn.status).toBe(409)
    expect(putOn.json.error.message).toMatch(HOLD_STORY)
    expect((await liftOrder(order)).status).toBe(200)
    const again = await t.request('PUT', path, {
      cookie: fieldManager.cookie,
      body: { agentId: agent.profileId, cameraDriverId: cameraDriver.profileId },
    })
    expect(again.status).toBe(200)
  })

  it('the camera car driver’s find of a held order is refused with the story and records nothing; lifted, it records', async () => {
    const order = await assignedOrder()
    expect((await holdOrder(order)).status).toBe(200)
    const find = () =>
      t.request('POST', '/api/dashboards/camera-driver/finds', {
        cookie: cameraDriver.cookie,
        body: { orderId: order.id, location: 'Walmart lot' },
      })
    const refused = await find()
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toMatch(HOLD_STORY)
    const finds = await t.db.selectFrom('ccd_finds').select('id').where('order_id', '=', order.id).execute()
    expect(finds).toEqual([])
    expect((await liftOrder(order)).status).toBe(200)
    expect((await find()).status).toBe(201)
  })
})

describe('holds from outside record who and why (issue 44)', () => {
  it('the RDN sync’s hold flag puts the case On Hold with its reason, recorded from the sync, and tells the agent', async () => {
    const held = await syncedCase()
    await sync([{ case_id: held.case_id, hold: true, hold_reason: 'Lender recall' }])
    const row = await t.db
      .selectFrom('rdn_cases')
      .select(['status', 'hold_reason'])
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'On Hold', hold_reason: 'Lender recall' })
    expect(await holdsOf('rdn_case_id', held.id)).toEqual([
      expect.objectContaining({ status: 'On Hold', source: 'sync', reason: 'Lender recall', lifted_at: null }),
    ])
    const notices = await t.db
      .selectFrom('notifications')
      .select(['kind', 'message'])
      .where('profile_id', '=', agent.profileId)
      .where('rdn_case_id', '=', held.id)
      .where('kind', '=', 'hold')
      .execute()
    expect(notices).toEqual([
      { kind: 'hold', message: expect.stringMatching(/^HOLD: do not recover RDN case .*Lender recall$/) },
    ])
  })

  it('a stopping status in the sync batch keeps its hold_reason on the hold record', async () => {
    const held = await syncedCase()
    await sync([{ case_id: held.case_id, status: 'Pending On Hold', hold_reason: 'Payment arranged' }])
    expect(await holdsOf('rdn_case_id', held.id)).toEqual([
      expect.objectContaining({ status: 'Pending On Hold', source: 'sync', reason: 'Payment arranged' }),
    ])
  })

  it('the import’s Hold reason column is kept on the order and its hold record (source import), and tells the field manager', async () => {
    const admin = await t.createUser('admin')
    const runImport = createImportRunner(t, admin)
    const header = ['Case Number', 'Client Name', 'VIN', 'Make', 'Model', 'Order Date', 'Status', 'Hold reason', 'Zip']
    const line = [
      'IMP-HOLD-1',
      'Ally Financial',
      '1HGCM82633A004352',
      'Honda',
      'Accord',
      '01/15/2026',
      'On Hold',
      'Bankruptcy stay',
      '',
    ]
    const result = await runImport([header.join('\t'), line.join('\t')].join('\n'))
    expect(result.done, JSON.stringify(result.events)).toEqual(expect.objectContaining({ imported: 1 }))
    const order = await t.db
      .selectFrom('orders')
      .select(['id', 'status', 'hold_reason'])
      .where('case_number', '=', 'IMP-HOLD-1')
      .executeTakeFirstOrThrow()
    expect([order.status, order.hold_reason]).toEqual(['On Hold', 'Bankruptcy stay'])
    expect(await holdsOf('order_id', order.id)).toEqual([
      expect.objectContaining({ status: 'On Hold', source: 'import', reason: 'Bankruptcy stay' }),
    ])
    // Its story names who imported it and why.
    const refused = await onHook(order.id, {}, manager.cookie)
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toContain('Reason: Bankruptcy stay')
  })
})

describe('a held case leaves the worklists (issue 44)', () => {
  const listedIds = async () => {
    const dashboard = await t.request('GET', '/api/dashboards/recovery-agent', { cookie: agent.cookie })
    expect(dashboard.status).toBe(200)
    return {
      ids: (dashboard.json.assignments as { id: string | number }[]).map((item) => String(item.id)),
      openCount: dashboard.json.openCount as number,
    }
  }

  it('the agent’s list drops a held order and RDN case but still counts them as open work', async () => {
    const order = await assignedOrder()
    const held = await syncedCase()
    const before = await listedIds()
    expect(before.ids).toEqual(expect.arrayContaining([order.id, String(held.case_id)]))
    expect((await holdOrder(order)).status).toBe(200)
    await sync([{ case_id: held.case_id, hold: true, hold_reason: 'Lender recall' }])
    const after = await listedIds()
    expect(after.ids).not.toContain(order.id)
    expect(after.ids).not.toContain(String(held.case_id))
    expect(after.openCount).toBe(before.openCount)
  })

  it('the board’s assignable list drops a held order (by market and by search), and its total with it', async () => {
    const market = 'Holdville'
    const order = await t.db
      .insertInto('orders')
      .values({
        company_id: t.companyId,
        order_number: 'HV-1',
        case_number: 'HV-1',
        status: 'Open',
        priority: 'medium',
        detected_market: market,
      })
      .returning(['id', 'updated_at'])
      .executeTakeFirstOrThrow()
    const board = async (query: string) => {
      const page = await t.request('GET', `/api/assignments/board?${query}`, { cookie: manager.cookie })
      expect(page.status).toBe(200)
      return { ids: (page.json.rows as { id: string }[]).map((row) => row.id), total: page.json.total as number }
    }
    expect(await board(`market=${market}`)).toEqual({ ids: [order.id], total: 1 })
    expect(await board('q=HV-1')).toEqual({ ids: [order.id], total: 1 })
    expect((await holdOrder(order)).status).toBe(200)
    expect(await board(`market=${market}`)).toEqual({ ids: [], total: 0 })
    expect(await board('q=HV-1')).toEqual({ ids: [], total: 0 })
    expect((await liftOrder(order)).status).toBe(200)
    expect(await board(`market=${market}`)).toEqual({ ids: [order.id], total: 1 })
  })
})

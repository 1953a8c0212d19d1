import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { caseListSearchParams } from '../../../domain/cases/case-list-search'
import { createTestApp, type TestApp } from '../../test/harness'
import { seedDashboardCompany, TODAY } from './dashboard-fixtures'

let t: TestApp
let seeded: Awaited<ReturnType<typeof seedDashboardCompany>>
let admin: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  seeded = await seedDashboardCompany(t)
  admin = await t.createUser('admin')
})
afterAll(() => t?.close())

const get = async (path: string, cookie: string) => {
  const response = await t.request('GET', path, { cookie })
  expect(response.status).toBe(200)
  return response.json
}
const caseListTotal = async (filters: Record<string, unknown>) =>
  (await t.request('GET', `/api/cases?${caseListSearchParams(filters)}`, { cookie: admin.cookie })).json.total

describe('lot manager dashboard', () => {
  it('groups repossessed vehicles by storage lot with days in storage and keys', async () => {
    const lotManager = await t.createUser('lot_manager')
    const body = await get(`/api/dashboards/lot-manager?today=${TODAY}`, lotManager.cookie)
    expect(body.repossessedCases.count).toBe(await caseListTotal(body.repossessedCases.filters))
    expect(body.lots).toEqual(
      expect.arrayContaining([
        { lot: 'Birmingham Lot', count: 1 },
        { lot: 'Direct Drop', count: 1 },
      ]),
    )
    const byNumber = Object.fromEntries(body.vehicles.map((item: { number: string }) => [item.number, item]))
    expect(byNumber['C-5']).toMatchObject({ lot: 'Direct Drop', daysInStorage: 15, keysObtained: null })
    expect(byNumber['C-4']).toMatchObject({ lot: 'Birmingham Lot', daysInStorage: 1 })
    expect(byNumber['CN-O-6']).toMatchObject({ lot: 'No lot recorded', daysInStorage: 10, keysObtained: false })
    expect(byNumber['CN-O-7']).toMatchObject({ keysObtained: true })
    // Longest in storage first.
    expect(body.vehicles[0].number).toBe('C-5')
    expect((await t.request('GET', '/api/dashboards/lot-manager', { cookie: seeded.agent.cookie })).status).toBe(403)
  })
})

describe('key manager and locksmith dashboard', () => {
  it('lists repossessed orders without keys by decoded key type, and moves the locksmith job to keys obtained', async () => {
    const keyManager = await t.createUser('key_manager')
    const locksmith = await t.createUser('locksmith')
    const body = await get('/api/dashboards/keys', keyManager.cookie)
    expect(body.total).toBe(1)
    expect(body.vehicles[0]).toMatchObject({
      number: 'CN-O-6',
      keyType: 'Transponder or smart key',
      jobState: null,
    })
    const orderId = seeded.orderIds.get('O-6') as string
    const step = (state: string, cookie: string) =>
      t.request('PUT', `/api/dashboards/keys/${orderId}`, { cookie, body: { state } })
    expect((await step('requested', keyManager.cookie)).status).toBe(200)
    expect((await get('/api/dashboards/keys', locksmith.cookie)).vehicles[0].jobState).toBe('requested')
    expect((await step('melted', locksmith.cookie)).status).toBe(400)
    expect((await step('key_made', locksmith.cookie)).status).toBe(200)
    expect((await get('/api/dashboards/keys', keyManager.cookie)).total).toBe(0)
    const order = await t.db
      .selectFrom('orders')
      .select('keys_obtained')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(order.keys_obtained).toBe(true)
    // An open order has no key job; another company's order is not found; a lot manager may not.
    expect(
      (
        await t.request('PUT', `/api/dashboards/keys/${seeded.orderIds.get('O-1')}`, {
          cookie: locksmith.cookie,
          body: { state: 'requested' },
        })
      ).status,
    ).toBe(404)
    const outsider = await t.createUser('key_manager', await t.createCompany('Elsewhere'))
    expect((await step('requested', outsider.cookie)).status).toBe(404)
    expect((await get('/api/dashboards/keys', outsider.cookie)).total).toBe(0)
    expect(
      (await t.request('GET', '/api/dashboards/keys', { cookie: (await t.createUser('lot_manager')).cookie })).status,
    ).toBe(403)
  })
})

describe('transport manager dashboard', () => {
  it('lists Direct Drop, auction and transfer moves from where to where', async () => {
    await t.db
      .insertInto('market_lots')
      .values({
        company_id: t.companyId,
        market: 'Birmingham',
        name: 'Birmingham Lot',
        address: '1 Lot Rd',
        latitude: 33.5,
        longitude: -86.8,
      })
      .execute()
    const transport = await t.createUser('transport_manager')
    const body = await get('/api/dashboards/transport-manager', transport.cookie)
    const moves = Object.fromEntries(body.moves.map((move: { number: string }) => [move.number, move]))
    expect(moves['C-5']).toMatchObject({
      move: 'Direct Drop',
      from: '9 Recovery Rd, Mobile, AL',
      to: 'Manheim Birmingham',
    })
    expect(moves['C-9']).toMatchObject({ move: 'Auction', from: 'Mobile Lot 2', to: 'Auction' })
    expect(moves['C-10']).toMatchObject({ move: 'Transfer', from: 'Montgomery yard', to: 'Birmingham Lot (1 Lot Rd)' })
    expect(moves['CN-O-8']).toMatchObject({ move: 'Auction', kind: 'order', to: 'Auction' })
    expect(body.directDrops).toBe(1)
    expect(body.auctionCases.count).toBe(await caseListTotal(body.auctionCases.filters))
    expect(body.transferCases.count).toBe(1)
  })
})

describe('post recovery manager dashboard', () => {
  it('counts repossessed, pending close and redemptions in progress as the case list does', async () => {
    const postRecovery = await t.createUser('post_recovery_manager')
    const body = await get('/api/dashboards/post-recovery-manager', postRecovery.cookie)
    expect(body.repossessed.count).toBe(2)
    expect(body.pendingClose.count).toBe(1)
    expect(body.redemptions.count).toBe(1)
    expect(body.redemptions.filters).toEqual({
      substatus: ['Vehicle Redemption Requested'],
      status: ['Repossessed', 'Pending Close'],
    })
    for (const figure of [body.repossessed, body.pendingClose, body.redemptions]) {
      expect(await caseListTotal(figure.filters)).toBe(figure.count)
    }
    expect(body.redemptions.cases[0]).toMatchObject({ number: 'C-6', href: '/cases/6' })
    const outsider = await t.createUser('post_recovery_manager', await t.createCompany('Elsewhere'))
    expect((await get('/api/dashboards/post-recovery-manager', outsider.cookie)).repossessed.count).toBe(0)
  })
})

describe('long lists', () => {
  it('count every vehicle though they list the first 100', async () => {
    const busy = await t.createCompany('Busy Lots')
    const manager = await t.createUser('admin', busy)
    await t.db
      .insertInto('orders')
      .values(
        Array.from({ length: 105 }, (_, index) => ({
          company_id: busy,
          order_number: `BUSY-${index}`,
          status: 'Repossessed',
          recovery_date: '2026-11-01',
        })),
      )
      .execute()
    await t.db
      .insertInto('rdn_cases')
      .values(
        Array.from({ length: 103 }, (_, index) => ({
          company_id: busy,
          case_id: 9_100_000 + index,
          status: 'Repossessed',
          storage_location_name: 'Manheim Birmingham',
          repo_date: '2026-11-01',
        })),
      )
      .execute()
    const lot = await get(`/api/dashboards/lot-manager?today=${TODAY}`, manager.cookie)
    expect(lot.repossessedOrders).toBe(105)
    const transport = await get('/api/dashboards/transport-manager', manager.cookie)
    expect(transport.directDrops).toBe(103)
    expect(transport.moves.filter((move: { move: string }) => move.move === 'Direct Drop')).toHaveLength(100)
    // The list says it is a part: every move is counted, and a larger limit reaches them all.
    expect(transport.movesTotal).toBe(103)
    const all = await get('/api/dashboards/transport-manager?limit=200', manager.cookie)
    expect(all.moves).toHaveLength(103)
    expect(all.moves.slice(0, 100)).toEqual(transport.moves)
    expect(
      (await t.request('GET', '/api/dashboards/transport-manager?limit=x', { cookie: manager.cookie })).json.error
        .field,
    ).toBe('limit')
  })
})

describe('long vehicle lists (more than one page)', () => {
  it("reach every vehicle with 'Show more' (a larger limit), and the figures equal what they reach", async () => {
    const companyId = await t.createCompany('Big Yard')
    const lotManager = await t.createUser('lot_manager', companyId)
    const keyManager = await t.createUser('key_manager', companyId)
    // More than the old caps (100 cases + 100 orders; 100 without keys), days in storage in every order.
    const day = (index: number) =>
      `2026-${String(1 + (index % 10)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`
    await t.db
      .insertInto('rdn_cases')
      .values(
        Array.from({ length: 160 }, (_, index) => ({
          company_id: companyId,
          case_id: 70_000 + index,
          case_number: `Y-${index}`,
          status: 'Repossessed',
          repo_date: index % 7 === 0 ? null : day(index),
          storage_location_name: index % 2 ? 'Copart Mobile' : null,
        })),
      )
      .execute()
    await t.db
      .insertInto('orders')
      .values(
        Array.from({ length: 140 }, (_, index) => ({
          company_id: companyId,
          order_number: `YO-${index}`,
          status: 'Repossessed',
          keys_obtained: false,
          recovery_date: index % 9 === 0 ? null : day(index + 3),
          order_date: '2026-01-01',
        })),
      )
      .execute()

    const lot = async (limit: number) =>
      get(`/api/dashboards/lot-manager?today=${TODAY}&limit=${limit}`, lotManager.cookie)
    const first = await lot(100)
    expect(first.repossessedCases.count + first.repossessedOrders).toBe(300)
    expect(first.vehiclesTotal).toBe(300)
    expect(first.vehicles).toHaveLength(100)
    let reached = first
    for (let limit = 200; reached.vehicles.length < reached.vehiclesTotal; limit += 100) reached = await lot(limit)
    expect(reached.vehicles).toHaveLength(300)
    expect(new Set(reached.vehicles.map((item: { number: string }) => item.number)).size).toBe(300)
    // Each larger list begins with the smaller one: 'Show more' only adds.
    expect(reached.vehicles.slice(0, 100)).toEqual(first.vehicles)
    const days = reached.vehicles.map((item: { daysInStorage: number | null }) => item.daysInStorage ?? -1e9)
    expect(days).toEqual([...days].sort((a, b) => b - a))

    const keys = async (limit?: number) =>
      get(`/api/dashboards/keys${limit ? `?limit=${limit}` : ''}`, keyManager.cookie)
    const firstKeys = await keys()
    expect(firstKeys.total).toBe(140)
    expect(firstKeys.vehicles).toHaveLength(100)
    const allKeys = await keys(200)
    expect(allKeys.vehicles).toHaveLength(allKeys.total)
    expect(allKeys.vehicles.slice(0, 100)).toEqual(firstKeys.vehicles)
    expect(
      (await t.request('GET', '/api/dashboards/keys?limit=0', { cookie: keyManager.cookie })).json.error.field,
    ).toBe('limit')
  })
})

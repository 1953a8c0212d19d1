import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { syncRdnCases } from '../cases/sync'
import { onceComputed } from './payroll-test-kit'

// Issue 41 item 8: accounting has one row per client, its RDN cases' by the one rule (lender, then
// lienholder, through client name matching), and no row with nothing in it.

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
})
afterAll(() => t?.close())

const api = (method: string, path: string, body?: unknown) =>
  t.request(method, `/api/payroll${path}`, { cookie: manager.cookie, body })

describe('accounting by client (issue 41)', () => {
  it('puts the orders and RDN cases of one client on one row, and shows no empty row', async () => {
    const clients = await t.db
      .insertInto('clients')
      .values([
        {
          company_id: t.companyId,
          name: 'Capital One Auto Finance',
          lienholder_name: 'Capital One',
          client_code: 'COAF',
        },
        { company_id: t.companyId, name: 'Idle Credit', client_code: 'IDLE' },
      ])
      .returning(['id', 'name'])
      .execute()
    const capitalOne = clients.find((client) => client.name === 'Capital One Auto Finance')?.id as string
    const order = await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: 'ACC-1', client_id: capitalOne, detected_market: 'Mobile' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await syncRdnCases(t.db, t.companyId, [
      { case_id: 8_100_001, lender_name: 'Capital One Auto Finance, Inc.', recovery_zip: '36602' },
      { case_id: 8_100_002, lienholder_name: 'Capital One' },
    ])
    await t.db
      .updateTable('rdn_cases')
      .set({ detected_market: 'Mobile' })
      .where('company_id', '=', t.companyId)
      .execute()
    const vendor = await t.db
      .insertInto('vendors')
      .values({ company_id: t.companyId, name: 'Pop-A-Lock', type: 'locksmith' })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const target of [{ orderId: order.id }, { caseId: 8_100_001 }, { caseId: 8_100_002 }]) {
      const cost = await api('POST', '/vendor-costs', {
        vendorId: vendor.id,
        kind: 'keys',
        incurredOn: '2026-04-22',
        amountCents: 10_000,
        ...target,
      })
      expect(cost.status, JSON.stringify(cost.json)).toBe(201)
    }
    // A client whose pay adjustments cancel out has nothing in the period: no row of zeros.
    const idle = clients.find((client) => client.name === 'Idle Credit')?.id as string
    const idleOrder = await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: 'ACC-2', client_id: idle, detected_market: 'Mobile' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const agent = await t.createUser('recovery_agent')
    for (const amountCents of [2_500, -2_500]) {
      const entry = await api('POST', '/entries', {
        kind: 'adjustment',
        profileId: agent.profileId,
        occurredOn: '2026-04-22',
        amountCents,
        note: 'Advance and its repayment',
        orderId: idleOrder.id,
      })
      expect(entry.status, JSON.stringify(entry.json)).toBe(201)
    }
    const view = (await onceComputed(() => api('GET', '/accounting?period=2026-04-20'))).json
    expect(view.rows).toEqual([
      expect.objectContaining({ client: 'Capital One Auto Finance', market: 'Mobile', vendorCostsCents: 30_000 }),
    ])
  })
})

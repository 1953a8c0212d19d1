import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RELEASE_STATES } from '../../../domain/redemption/redemption-list'
import { createTestApp, type TestApp } from '../../test/harness'

// Issue 42: the Vehicle Redemptions list's total (every recovered vehicle, or those in a release
// state) is read from counts the database keeps (migration 061). Each change that moves a vehicle
// (recovered or no longer, a release authorized, sent for signature, signed, completed, cancelled,
// a vehicle deleted with its release) must leave each total what the list itself holds.

// A real 1x1 PNG, as a canvas would give.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>

beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('post_recovery_manager')
})

afterAll(async () => {
  await t?.close()
})

const api = async (method: string, path: string, body?: unknown) => {
  const response = await t.request(method, `/api/redemptions${path}`, { cookie: manager.cookie, body })
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.json)}`).toBeLessThan(300)
  return response.json
}

/** Each state's total, checked against the vehicles the list holds in it (read without the counts). */
async function totals() {
  const byState: Record<string, number> = {}
  for (const status of [undefined, ...RELEASE_STATES]) {
    const listed = await api('GET', `?limit=1000${status ? `&status=${status}` : ''}`)
    expect(listed.total, `${status ?? 'every'} total`).toBe(listed.vehicles.length)
    byState[status ?? 'all'] = listed.total
  }
  return byState
}

const recoveredOrder = async (orderNumber: string, companyId = t.companyId) =>
  (
    await t.db
      .insertInto('orders')
      .values({ company_id: companyId, order_number: orderNumber, status: 'Repossessed', recovery_date: '2026-02-01' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id

const recoveredCase = async (caseId: number, companyId = t.companyId) =>
  (
    await t.db
      .insertInto('rdn_cases')
      .values({ company_id: companyId, case_id: caseId, case_number: `CNT-${caseId}`, status: 'Repossessed' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id

describe('the Vehicle Redemptions list’s kept totals', () => {
  it('follow every vehicle from recovered to gone', async () => {
    const none = { authorized: 0, waiting: 0, signed: 0, released: 0, transported: 0 }
    expect(await totals()).toEqual({ all: 0, none: 0, ...none })

    const moved = await recoveredOrder('CNT-MOVE')
    const released = await recoveredOrder('CNT-DONE')
    const kept = await recoveredCase(880_001)
    const gone = await recoveredCase(880_002)
    await t.db
      .insertInto('rdn_cases')
      .values({ company_id: t.companyId, case_id: 880_003, case_number: 'CNT-OPEN', status: 'Open' })
      .execute()
    await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: 'CNT-OPEN', status: 'Open' })
      .execute()
    const other = await t.createCompany('Other Counts Co')
    await recoveredOrder('CNT-OTHER', other)
    await recoveredCase(880_004, other)
    expect(await totals()).toEqual({ all: 4, none: 4, ...none })

    const vendor = await t.db
      .insertInto('vendors')
      .values({ company_id: t.companyId, name: 'Counts Auction', type: 'auction' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const transport = (await api('POST', `/cases/orders/${moved}/releases`, { kind: 'transport', vendorId: vendor.id }))
      .releases[0].id as string
    const release = (await api('POST', `/cases/orders/${released}/releases`, { kind: 'release' })).releases[0]
      .id as string
    expect(await totals()).toEqual({ all: 4, none: 2, ...none, authorized: 2 })

    const sent = await api('POST', `/releases/${release}/signature`, { name: 'Dana Debtor' })
    expect(await totals()).toEqual({ all: 4, none: 2, ...none, authorized: 1, waiting: 1 })
    const token = new URL(sent.link).pathname.split('/').pop()
    const signed = await t.request('POST', `/api/public/signatures/${token}`, {
      body: { signerName: 'Dana Debtor', notes: null, signatureImage: PNG },
    })
    expect(signed.status, JSON.stringify(signed.json)).toBe(200)
    expect(await totals()).toEqual({ all: 4, none: 2, ...none, authorized: 1, signed: 1 })

    await api('POST', `/releases/${release}/complete`, {
      releasedTo: 'Dana Debtor',
      idType: "Driver's license",
      idLast4: '1234',
    })
    await t.db
      .updateTable('vehicle_releases')
      .set({ status: 'completed', completed_at: new Date() })
      .where('id', '=', transport)
      .execute()
    expect(await totals()).toEqual({ all: 4, none: 2, ...none, released: 1, transported: 1 })

    // RDN cases' releases written as a sync or another screen would: authorized, then cancelled.
    const caseRelease = (caseId: string) => ({
      company_id: t.companyId,
      case_key: `rdn:${caseId}`,
      rdn_case_id: caseId,
      kind: 'release' as const,
    })
    await t.db
      .insertInto('vehicle_releases')
      .values([caseRelease(kept), caseRelease(gone)])
      .execute()
    expect(await totals()).toEqual({ all: 4, none: 0, ...none, authorized: 2, released: 1, transported: 1 })
    await t.db.updateTable('vehicle_releases').set({ status: 'cancelled' }).where('rdn_case_id', '=', kept).execute()
    expect(await totals()).toEqual({ all: 4, none: 1, ...none, authorized: 1, released: 1, transported: 1 })

    // A case no longer recovered leaves the list, and comes back recovered again.
    const recovered = (
      values: { status: string; repo_date: null; time_marked_repossessed: null } | { status: string },
    ) => t.db.updateTable('rdn_cases').set(values).where('id', '=', kept).execute()
    await recovered({ status: 'Open', repo_date: null, time_marked_repossessed: null })
    expect(await totals()).toEqual({ all: 3, none: 0, ...none, authorized: 1, released: 1, transported: 1 })
    await recovered({ status: 'Repossessed' })
    expect(await totals()).toEqual({ all: 4, none: 1, ...none, authorized: 1, released: 1, transported: 1 })

    // A vehicle deleted takes its release with it (a foreign key's cascade), counted once.
    await t.db.deleteFrom('rdn_cases').where('id', '=', gone).execute()
    await t.db.deleteFrom('orders').where('id', '=', moved).execute()
    expect(await totals()).toEqual({ all: 2, none: 1, ...none, released: 1 })
    // A release deleted on its own leaves its vehicle with none.
    await t.db.deleteFrom('vehicle_releases').where('id', '=', release).execute()
    expect(await totals()).toEqual({ all: 2, none: 2, ...none })
  })
})

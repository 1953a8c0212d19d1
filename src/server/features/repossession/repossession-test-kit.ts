import { afterAll, beforeAll, expect } from 'vitest'
import type { TestApp } from '../../test/harness'
import { createTestApp } from '../../test/harness'

// The repossession tests' app and helpers (issue 41). The move to Repossessed stamps when (now, or the moment given) on every path; a
// correction needs a reason and lands on the timeline; storage accrues from the moment. A moment is
// a true instant, read (and its day taken) on the agency's clock, America/Chicago.

export const MINUTE = 60_000
export const DAY = 86_400_000

export let t: TestApp
export let manager: Awaited<ReturnType<TestApp['createUser']>>
export let clientId: string
let serial = 0

/** The app, a manager and a client with the rate card, for one test file. */
export function setUpRepossessionApp() {
  beforeAll(async () => {
    t = await createTestApp()
    manager = await t.createUser('manager')
    const client = await t.db
      .insertInto('clients')
      .values({ company_id: t.companyId, name: 'Ally Financial', lienholder_name: 'Ally Bank', client_code: 'ALLY' })
      .returning('id')
      .executeTakeFirstOrThrow()
    clientId = client.id
    // The rate card of the issue: $350 a recovery, storage $25 a day after 1 free day.
    const card = await t.request('POST', '/api/fees/rate-cards', { cookie: manager.cookie, body: { clientId } })
    const version = await t.request('POST', `/api/fees/rate-cards/${card.json.rateCard.id}/versions`, {
      cookie: manager.cookie,
      body: {
        effectiveFrom: '2020-01-01',
        storage: { freeDays: 1, dailyCents: 2_500, capCents: null },
        rows: [{ feeType: 'Involuntary Repossession', basis: 'flat', amountCents: 35_000, daysToInvoice: 30 }],
      },
    })
    expect(version.status, JSON.stringify(version.json)).toBe(201)
  })
  afterAll(() => t?.close())
}

export async function openOrder() {
  serial += 1
  return t.db
    .insertInto('orders')
    .values({
      company_id: t.companyId,
      order_number: `RM-${serial}`,
      case_number: `RM-${serial}`,
      client_id: clientId,
      status: 'Open',
      priority: 'medium',
      recovery_state: 'AL',
    })
    .returning(['id', 'updated_at'])
    .executeTakeFirstOrThrow()
}

export const momentOf = async (orderId: string) =>
  t.db
    .selectFrom('orders')
    .select(['repossessed_at', 'recovery_date', 'recovery_time'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()

export const edit = (
  order: { id: string; updated_at: Date },
  changes: Record<string, unknown>,
  cookie = manager.cookie,
) =>
  t.request('PATCH', `/api/orders/${order.id}`, {
    cookie,
    body: { expectedUpdatedAt: order.updated_at.toISOString(), changes },
  })

export const correct = (path: string, body: unknown, cookie = manager.cookie) =>
  t.request('PUT', `/api/repossession/cases/${path}`, { cookie, body })

export const near = (moment: Date | null, expected: number) =>
  expect(Math.abs((moment?.getTime() ?? 0) - expected)).toBeLessThan(MINUTE)

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

// An evening at the agency (20:00 in Chicago) is already tomorrow in UTC: the map's windows count
// the agency's days, the days a person picks and the days orders are recovered on (issue 41).
// The clock is set before the app starts, and runs on from there.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
vi.setSystemTime(new Date('2026-11-28T02:00:00Z'))
// The test files of a worker share one module cache (vitest.config.ts): the next file starts on the real clock.
afterAll(() => vi.useRealTimers())

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = (await t.createUser('admin')).cookie
  const order = (n: number, recovery_date: string) => ({
    company_id: t.companyId,
    order_number: `EVE-${n}`,
    status: 'Repossessed',
    recovery_date,
    recovery_zip: '36602',
  })
  await t.db
    .insertInto('orders')
    .values([order(1, '2026-11-26'), order(2, '2026-11-25')])
    .execute()
  const rdnCase = (n: number, time_marked_repossessed: Date) => ({
    company_id: t.companyId,
    case_id: 7_800_000 + n,
    status: 'Repossessed',
    debtor_zip: '35203',
    time_marked_repossessed,
  })
  await t.db
    .insertInto('rdn_cases')
    .values([
      rdnCase(1, new Date('2026-11-28T01:00:00Z')), // 19:00 on the 27th in Chicago
      rdnCase(2, new Date('2026-11-27T03:00:00Z')), // 21:00 on the 26th in Chicago
    ])
    .execute()
})
afterAll(() => t?.close())

const activity = async (query: string) => {
  const response = await t.request('GET', `/api/map/activity${query}&zoom=10`, { cookie })
  expect(response.status, JSON.stringify(response.json)).toBe(200)
  return Object.fromEntries(
    response.json.places.map((place: { key: string; count: number }) => [place.key, place.count]),
  )
}

describe("Case Location Map activity in the agency's evening", () => {
  it('takes the last 24 hours from 20:00 yesterday in Chicago: orders recovered on its day count', async () => {
    expect(await activity('?window=24h')).toEqual({ '36602': 1, '35203': 2 })
  })

  it("takes a custom day from the agency's midnight to its next", async () => {
    expect(await activity('?window=custom&from=2026-11-27&to=2026-11-27')).toEqual({ '35203': 1 })
    expect(await activity('?window=custom&from=2026-11-26&to=2026-11-26')).toEqual({ '36602': 1, '35203': 1 })
  })
})

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { csvRows, download } from '../exports/export-test-helpers'

// A vehicle marked repossessed in the agency's evening (19:00 in Chicago, already tomorrow in UTC)
// came into storage on the agency's day: the lot manager's screen and its export agree (issue 41).
// Migration 039's trigger keeps the repo date as the moment's agency day, which both read first.
// The clock (20:00 on the 27th in Chicago) is set before the app starts, and runs on from there.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
vi.setSystemTime(new Date('2026-11-28T02:00:00Z'))
// The test files of a worker share one module cache (vitest.config.ts): the next file starts on the real clock.
afterAll(() => vi.useRealTimers())

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = (await t.createUser('lot_manager')).cookie
  const stored = (n: number, values: { repo_date?: string; time_marked_repossessed?: Date }) => ({
    company_id: t.companyId,
    case_id: 7_900_000 + n,
    case_number: `EVE-${n}`,
    status: 'Repossessed',
    ...values,
  })
  await t.db
    .insertInto('rdn_cases')
    .values([
      stored(1, { time_marked_repossessed: new Date('2026-11-28T01:00:00Z') }),
      stored(2, { repo_date: '2026-11-27' }),
    ])
    .execute()
})
afterAll(() => t?.close())

describe("The lot manager's storage days in the agency's evening", () => {
  it("counts from the agency's day the vehicle was marked repossessed, on the screen and in its export", async () => {
    const screen = await t.request('GET', '/api/dashboards/lot-manager?today=2026-11-28&limit=1', { cookie })
    expect(screen.status, JSON.stringify(screen.json)).toBe(200)
    // Both came in on the 27th: the first case first.
    expect(screen.json.vehicles).toEqual([expect.objectContaining({ number: 'EVE-1', daysInStorage: 1 })])

    const file = await download(t, '/api/exports/lot-vehicles?today=2026-11-28', cookie)
    expect(file.status).toBe(200)
    const [header, ...rows] = csvRows(file.text)
    const cell = (name: string) => (row: string[]) => row[header.indexOf(name)]
    const columns = ['Case Number', 'In Storage Since', 'Days in Storage'].map(cell)
    expect(rows.map((row) => columns.map((column) => column(row))).sort()).toEqual([
      ['EVE-1', '2026-11-27', '1'],
      ['EVE-2', '2026-11-27', '1'],
    ])
  })

  it("takes today as the agency's day when the browser gives none, on the screen, in its export and its name", async () => {
    const screen = await t.request('GET', '/api/dashboards/lot-manager', { cookie })
    expect(screen.status, JSON.stringify(screen.json)).toBe(200)
    expect(screen.json.vehicles.map((vehicle: { daysInStorage: number }) => vehicle.daysInStorage)).toEqual([0, 0])

    const file = await download(t, '/api/exports/lot-vehicles', cookie)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toMatch(/filename="lot-vehicles-2026-11-27\.csv"/)
    const [header, ...rows] = csvRows(file.text)
    expect(rows.map((row) => row[header.indexOf('Days in Storage')])).toEqual(['0', '0'])
  })
})

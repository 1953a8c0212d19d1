import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

// An evening at the agency (21:00 on Feb 28 in Chicago) is already March 1 in UTC: documents
// expiring within 30 days count from the agency's day (issue 41), not the database's own.
// The clock is set before the app starts, and runs on from there.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
vi.setSystemTime(new Date('2027-03-01T03:00:00Z'))
// The test files of a worker share one module cache (vitest.config.ts): the next file starts on the real clock.
afterAll(() => vi.useRealTimers())

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = (await t.createUser('compliance_manager')).cookie
})
afterAll(() => t?.close())

describe("Documents expiring soon in the agency's evening", () => {
  it("lists those expiring from the agency's today to 30 days on", async () => {
    const type = await t.request('POST', '/api/compliance/document-types', {
      cookie,
      body: { name: 'Agent Agreement', category: 'Contracts' },
    })
    expect(type.status).toBe(201)
    const expiringOn = async (expirationDate: string) => {
      const created = await t.request('POST', '/api/compliance/documents', {
        cookie,
        body: { documentTypeId: type.json.type.id, expirationDate },
      })
      expect(created.status, JSON.stringify(created.json)).toBe(201)
      return created.json.document.id as string
    }
    const today = await expiringOn('2027-02-28')
    const lastDay = await expiringOn('2027-03-30')
    await expiringOn('2027-02-27')
    await expiringOn('2027-03-31')
    const expiring = await t.request('GET', '/api/compliance/documents?expiringSoon=true', { cookie })
    expect(expiring.status).toBe(200)
    expect(expiring.json.documents.map((document: { id: string }) => document.id)).toEqual([today, lastDay])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { readEvents } from '../test/sse'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

async function openStream(cookie: string) {
  const response = await t.app.fetch(new Request('http://localhost:3000/api/events/cases', { headers: { cookie } }))
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/event-stream')
  const stream = readEvents(response)
  await stream.waitFor('ready')
  return stream
}

describe('live case changes over SSE', () => {
  it("tells a company's viewers of inserts, updates and deletes, and nobody else", async () => {
    const viewer = await t.createUser('field_manager')
    const otherCompany = await t.createCompany('Elsewhere')
    const outsider = await t.createUser('admin', otherCompany)
    const mine = await openStream(viewer.cookie)
    const theirs = await openStream(outsider.cookie)
    try {
      await t.db.insertInto('rdn_cases').values({ company_id: t.companyId, case_id: 1 }).execute()
      await mine.waitFor('cases', 1)
      await t.db.updateTable('rdn_cases').set({ status: 'Repossessed' }).where('case_id', '=', 1).execute()
      await mine.waitFor('cases', 2)
      await t.db.deleteFrom('rdn_cases').where('case_id', '=', 1).execute()
      await mine.waitFor('cases', 3)
      // A batch is one message, not one per row.
      await t.db
        .insertInto('rdn_cases')
        .values(Array.from({ length: 500 }, (_, index) => ({ company_id: t.companyId, case_id: 100 + index })))
        .execute()
      await mine.waitFor('cases', 4)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(mine.events.filter((event) => event === 'cases')).toHaveLength(4)
      expect(theirs.events.filter((event) => event === 'cases')).toHaveLength(0)
    } finally {
      await mine.stop()
      await theirs.stop()
    }
  })

  it('needs a session', async () => {
    const response = await t.app.fetch(new Request('http://localhost:3000/api/events/cases'))
    expect(response.status).toBe(401)
  })
})

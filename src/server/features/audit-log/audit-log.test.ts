import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PHOTO_SLOTS } from '../../../domain/condition/report'
import { createTestApp, type TestApp } from '../../test/harness'

// Issue 41, item 15: the audit log records file downloads and who opened a debtor's record (once
// per person, case and day), searchable by case and by person.

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>
let lot: Awaited<ReturnType<TestApp['createUser']>>
let orderId: string
let rdnId: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  lot = await t.createUser('lot_manager')
  orderId = (
    await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: 'AU-1', case_number: 'AU-CASE-1', status: 'Repossessed' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  rdnId = (
    await t.db
      .insertInto('rdn_cases')
      .values({ company_id: t.companyId, case_id: 4101, status: 'Open' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
})
afterAll(() => t?.close())

const log = (query: string, cookie = admin.cookie) => t.request('GET', `/api/audit-log?${query}`, { cookie })
const actions = (entries: { action: string }[]) => entries.map((entry) => entry.action)

describe('audit log (item 15)', () => {
  it('records who opened a case or an order once per person, case and day', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await t.request('GET', '/api/cases/4101', { cookie: lot.cookie })).status).toBe(200)
      expect((await t.request('GET', `/api/orders/${orderId}`, { cookie: lot.cookie })).status).toBe(200)
    }
    await t.request('GET', '/api/cases/4101', { cookie: admin.cookie })
    const rdn = await log('caseId=4101')
    expect(rdn.status, JSON.stringify(rdn.json)).toBe(200)
    expect(
      rdn.json.entries.map((entry: { action: string; actor: { profileId: string } }) => [
        entry.action,
        entry.actor.profileId,
      ]),
    ).toEqual([
      ['case.opened', admin.profileId],
      ['case.opened', lot.profileId],
    ])
    expect(rdn.json.entries[0]).toMatchObject({ caseKey: `rdn:${rdnId}`, actor: { name: 'Test admin' } })
    const order = await log(`orderId=${orderId}&profileId=${lot.profileId}`)
    expect(actions(order.json.entries)).toEqual(['case.opened'])
    const rows = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('action', '=', 'case.opened')
      .where('actor_user_id', '=', lot.userId)
      .executeTakeFirstOrThrow()
    expect(Number(rows.count)).toBe(2)
  })

  it('records each file download under its case, searchable by person', async () => {
    const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer()
    const uploaded = await t.app.fetch(
      new Request('http://localhost:3000/api/files', {
        method: 'POST',
        headers: { cookie: lot.cookie, origin: 'http://localhost:3000', 'x-file-name': 'front.jpg' },
        body: new Uint8Array(bytes),
      }),
    )
    const { file } = await uploaded.json()
    const started = await t.request('POST', `/api/condition-reports/cases/orders/${orderId}`, { cookie: lot.cookie })
    await t.request('PUT', `/api/condition-reports/${started.json.reports[0].id}`, {
      cookie: lot.cookie,
      body: { photos: [{ slot: DEFAULT_PHOTO_SLOTS[0], fileId: file.id }], damages: [] },
    })
    for (const path of [file.url, `${file.url}?download=1`, file.thumbnailUrl])
      expect(
        (await t.app.fetch(new Request(`http://localhost:3000${path}`, { headers: { cookie: lot.cookie } }))).status,
      ).toBe(200)
    const downloads = (await log(`orderId=${orderId}`)).json.entries.filter(
      (entry: { action: string }) => entry.action === 'file.downloaded',
    )
    // The original twice (shown and downloaded); a thumbnail is not a download.
    expect(downloads).toHaveLength(2)
    expect(downloads[0]).toMatchObject({
      target: `file:${file.id}`,
      caseKey: `order:${orderId}`,
      actor: { profileId: lot.profileId },
    })
    expect(actions((await log(`profileId=${lot.profileId}`)).json.entries)).toContain('file.downloaded')
  })

  it('is searched by the number a person types (an order number or an RDN case number), each entry naming its case', async () => {
    await t.request('GET', `/api/orders/${orderId}`, { cookie: admin.cookie })
    const order = await log(`caseNumber=${encodeURIComponent(' AU-1 ')}&profileId=${admin.profileId}`)
    expect(order.status, JSON.stringify(order.json)).toBe(200)
    expect(order.json.entries[0]).toMatchObject({
      action: 'case.opened',
      caseKey: `order:${orderId}`,
      caseNumber: 'AU-1',
    })
    expect(order.json.entries.every((entry: { caseKey: string }) => entry.caseKey === `order:${orderId}`)).toBe(true)
    const byCaseNumber = await log(`caseNumber=AU-CASE-1&profileId=${admin.profileId}`)
    expect(byCaseNumber.json.entries[0]).toMatchObject({ caseKey: `order:${orderId}`, caseNumber: 'AU-1' })
    const rdn = await log('caseNumber=4101')
    expect(rdn.json.entries.length).toBeGreaterThan(0)
    expect(rdn.json.entries.every((entry: { caseNumber: string }) => entry.caseNumber === '4101')).toBe(true)
    expect((await log('caseNumber=NO-SUCH-1')).status).toBe(404)
    for (const bad of ['caseNumber=a%20b%3Bdrop', `caseNumber=4101&orderId=${orderId}`]) {
      const refused = await log(bad)
      expect(refused.status, bad).toBe(400)
      expect(refused.json.error.field, bad).toBe('caseNumber')
    }
  })

  it('is for those who manage users; an unknown case or person is not found, a bad one refused', async () => {
    expect((await log('', lot.cookie)).status).toBe(403)
    expect((await log('caseId=999999')).status).toBe(404)
    expect((await log('profileId=00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const bad = await log('orderId=nope')
    expect(bad.status).toBe(400)
    expect(bad.json.error.field).toBe('orderId')
  })
})

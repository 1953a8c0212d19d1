import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>
let manager: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  manager = await t.createUser('manager')
})
afterAll(() => t?.close())

const settings = {
  name: 'Gulf Coast Recovery',
  address: '1200 Dauphin St\nMobile, AL 36604',
  phone: '(251) 555-0142',
  remitTo: 'Gulf Coast Recovery LLC\nPO Box 9100\nMobile, AL 36691',
}

describe('Company settings (issue 41)', () => {
  it('lets an admin read and change the agency’s name, address, phone and remit-to, audited', async () => {
    const before = await t.request('GET', '/api/company/settings', { cookie: admin.cookie })
    expect(before.status).toBe(200)
    expect(before.json.settings).toMatchObject({ address: null, phone: null, remitTo: null })
    const saved = await t.request('PUT', '/api/company/settings', { cookie: admin.cookie, body: settings })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    expect(saved.json.settings).toEqual(settings)
    expect((await t.request('GET', '/api/company/settings', { cookie: admin.cookie })).json.settings).toEqual(settings)
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'company.settings_changed')
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(audit.detail)).toContain('PO Box 9100')
    // Blank optional fields are cleared.
    const cleared = await t.request('PUT', '/api/company/settings', {
      cookie: admin.cookie,
      body: { ...settings, remitTo: '  ' },
    })
    expect(cleared.json.settings.remitTo).toBeNull()
  })

  it('refuses a manager (403) whatever the input, and bad input with 400 naming the field', async () => {
    const read = await t.request('GET', '/api/company/settings', { cookie: manager.cookie })
    expect(read.status).toBe(403)
    const write = await t.request('PUT', '/api/company/settings', { cookie: manager.cookie, body: settings })
    expect(write.status).toBe(403)
    expect(
      (await t.request('PUT', '/api/company/settings', { cookie: manager.cookie, body: { name: '' } })).status,
    ).toBe(403)
    const noName = await t.request('PUT', '/api/company/settings', {
      cookie: admin.cookie,
      body: { ...settings, name: ' ' },
    })
    expect(noName.status).toBe(400)
    expect(noName.json.error.field).toBe('name')
    const badPhone = await t.request('PUT', '/api/company/settings', {
      cookie: admin.cookie,
      body: { ...settings, phone: 'call us' },
    })
    expect(badPhone.status).toBe(400)
    expect(badPhone.json.error).toMatchObject({
      field: 'phone',
      message: 'phone: Enter a phone number like (555) 010-2000.',
    })
    expect((await t.request('GET', '/api/company/settings')).status).toBe(401)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
})
afterAll(() => t?.close())

const create = (body: Record<string, unknown>, cookie = admin.cookie) =>
  t.request('POST', '/api/vendors', { cookie, body })

describe('vendors', () => {
  it('creates, lists (Direct Drop marked), edits and deactivates', async () => {
    const copart = await create({
      name: 'Copart Mobile',
      type: 'auction',
      address: '1 Auction Way, Mobile, AL',
      phone: '(251) 555-0111',
      email: 'mobile@copart.example',
    })
    expect(copart.status).toBe(201)
    await create({ name: 'Pop-A-Lock Birmingham', type: 'locksmith', phone: '205-555-0199' })
    expect((await create({ name: 'Copart Mobile', type: 'auction' })).status).toBe(409)
    expect((await create({ name: 'X', type: 'spaceport' })).status).toBe(400)
    expect((await create({ name: 'Y', type: 'forwarder', email: 'not-mail' })).status).toBe(400)
    const listed = (await t.request('GET', '/api/vendors', { cookie: admin.cookie })).json.vendors
    expect(listed.find((v: { name: string }) => v.name === 'Copart Mobile')).toMatchObject({
      direct_drop: true,
      type: 'auction',
    })
    expect(listed.find((v: { name: string }) => v.name === 'Pop-A-Lock Birmingham')).toMatchObject({
      direct_drop: false,
    })
    const off = await t.request('PATCH', `/api/vendors/${copart.json.vendor.id}`, {
      cookie: admin.cookie,
      body: { name: 'Copart Mobile', type: 'auction', active: false },
    })
    expect(off.json.vendor).toMatchObject({ active: false })
  })

  it("keeps other companies' vendors apart and refuses other roles", async () => {
    const outsider = await t.createUser('manager', await t.createCompany('Else'))
    expect((await t.request('GET', '/api/vendors', { cookie: outsider.cookie })).json.vendors).toEqual([])
    const lot = await t.createUser('lot_manager')
    expect((await create({ name: 'Z', type: 'storage_lot' }, lot.cookie)).status).toBe(403)
  })
})

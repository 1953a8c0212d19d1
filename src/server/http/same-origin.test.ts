import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp, USER_PASSWORD } from '../test/harness'

/** A request as a browser (or curl) would send it, with exactly the headers given. */
async function send(
  t: TestApp,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: Record<string, any>; headers: Headers }> {
  const response = await t.app.fetch(
    new Request(url, {
      method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : null, headers: response.headers }
}

describe('state-changing requests from another site (PUBLIC_URL set)', () => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp()
    cookie = (await t.createUser('admin')).cookie
  })
  afterAll(() => t?.close())

  it.each([
    ['an Origin', { origin: 'http://evil.example' }],
    ['a Referer (no Origin)', { referer: 'http://evil.example/attack.html' }],
    ['an opaque Origin', { origin: 'null' }],
  ])('refuses a cookie-carrying form post with %s of another site, says why and audits it', async (_, headers) => {
    const response = await send(
      t,
      'http://localhost:3000/api/vendors',
      'POST',
      { cookie, ...headers },
      { name: 'X', type: 'auction' },
    )
    expect(response.status).toBe(403)
    expect(response.json.error.message).toBe(
      "This page is not at Recovery Desk's address. Open Recovery Desk at http://localhost:3000 and try again.",
    )
    const vendors = await t.db.selectFrom('vendors').select('name').where('name', '=', 'X').execute()
    expect(vendors).toEqual([])
    const refusal = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'request.refused')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(refusal).toMatchObject({ target: 'POST /api/vendors', ip: '10.77.0.1' })
    expect(refusal.detail).toMatchObject({ reason: 'cross_origin' })
  })

  it.each(['PATCH', 'PUT', 'DELETE'])('refuses %s from another site too', async (method) => {
    const response = await send(t, 'http://localhost:3000/api/vendors/x', method, {
      cookie,
      origin: 'http://evil.example',
    })
    expect(response.status).toBe(403)
  })

  it('lets the product’s own pages, reads and non-browser clients through', async () => {
    const own = await send(
      t,
      'http://localhost:3000/api/vendors',
      'POST',
      { cookie, origin: t.config.baseUrl },
      { name: 'Own Page Vendor', type: 'auction' },
    )
    expect(own.status).toBe(201)
    const ownReferer = await send(
      t,
      'http://localhost:3000/api/vendors',
      'POST',
      { cookie, referer: `${t.config.baseUrl}/dashboard/vendors` },
      { name: 'Referer Vendor', type: 'auction' },
    )
    expect(ownReferer.status).toBe(201)
    // A link followed from another site only reads.
    const read = await send(t, 'http://localhost:3000/api/vendors', 'GET', { cookie, origin: 'http://evil.example' })
    expect(read.status).toBe(200)
    // curl, scripts and the API tests send neither Origin nor Referer.
    const curl = await send(
      t,
      'http://localhost:3000/api/vendors',
      'POST',
      { cookie },
      { name: 'Curl Vendor', type: 'auction' },
    )
    expect(curl.status).toBe(201)
  })

  it('keeps the RDN sync with its API key working', async () => {
    const created = await t.request('POST', '/api/integrations/api-keys', { cookie, body: { name: 'RDN' } })
    expect(created.status).toBe(201)
    const sync = await send(
      t,
      'http://localhost:3000/api/sync/rdn-cases',
      'POST',
      { authorization: `Bearer ${created.json.key}` },
      { cases: [] },
    )
    expect(sync.status).toBe(200)
  })

  it('refuses a sign-in from an address other than PUBLIC_URL with a message saying where to go', async () => {
    const response = await send(
      t,
      'http://127.0.0.1:3000/api/auth/sign-in/email',
      'POST',
      { origin: 'http://127.0.0.1:3000' },
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    )
    expect(response.status).toBe(403)
    expect(response.json.error.message).toBe(
      "This page is not at Recovery Desk's address. Open Recovery Desk at http://localhost:3000 and try again.",
    )
    expect(response.headers.getSetCookie()).toEqual([])
  })
})

describe('without PUBLIC_URL, the server’s own addresses', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: '' })
  })
  afterAll(() => t?.close())

  it.each(['127.0.0.1:3000', '192.168.1.20:3000', 'localhost:3000'])(
    'signs in at http://%s from a page of that same address',
    async (host) => {
      const user = await t.createUser('admin')
      const response = await send(
        t,
        `http://${host}/api/auth/sign-in/email`,
        'POST',
        { origin: `http://${host}` },
        { email: user.email, password: USER_PASSWORD },
      )
      expect(response.status).toBe(200)
      const cookie = t.cookieFrom(response.headers)
      // And the session works for the product's own writes from that address.
      const vendor = await send(
        t,
        `http://${host}/api/vendors`,
        'POST',
        { cookie, origin: `http://${host}` },
        { name: `Vendor at ${host}`, type: 'auction' },
      )
      expect(vendor.status).toBe(201)
    },
  )

  it('still refuses a page of another address or site', async () => {
    for (const origin of ['http://evil.example', 'http://192.168.1.21:3000', 'https://127.0.0.1:3000']) {
      const response = await send(
        t,
        'http://127.0.0.1:3000/api/auth/sign-in/email',
        'POST',
        { origin },
        { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      )
      expect(response.status, origin).toBe(403)
      expect(response.json.error.message).toBe('This request came from another site and was refused.')
    }
  })
})

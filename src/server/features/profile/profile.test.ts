import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, USER_PASSWORD } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

let PNG: Uint8Array
beforeAll(async () => {
  PNG = new Uint8Array(
    await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer(),
  )
})

async function upload(cookie: string, bytes: Uint8Array, type = 'image/png') {
  const response = await t.app.fetch(
    new Request('http://localhost:3000/api/profile/avatar', {
      method: 'PUT',
      headers: { cookie, 'content-type': type, origin: 'http://localhost:3000', 'x-forwarded-for': '10.5.0.1' },
      body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    }),
  )
  return { status: response.status, json: (await response.json()) as Record<string, any> }
}

describe('profile settings', () => {
  it('updates the own first and last name, for any role', async () => {
    const driver = await t.createUser('camera_driver')
    const response = await t.request('PATCH', '/api/profile', {
      cookie: driver.cookie,
      body: { firstName: 'Casey', lastName: 'Lens' },
    })
    expect(response.status).toBe(200)
    const me = await t.request('GET', '/api/me', { cookie: driver.cookie })
    expect(me.json.profile).toMatchObject({ first_name: 'Casey', last_name: 'Lens' })
    const blank = await t.request('PATCH', '/api/profile', {
      cookie: driver.cookie,
      body: { firstName: ' ', lastName: 'X' },
    })
    expect(blank.status).toBe(400)
  })

  it('stores an avatar checked by content, serves it to the company only', async () => {
    const agent = await t.createUser('recovery_agent')
    const saved = await upload(agent.cookie, PNG)
    expect(saved.status).toBe(200)
    expect(saved.json.avatarUrl).toMatch(new RegExp(`^/api/avatars/${agent.profileId}\\?v=\\d+$`))
    const colleague = await t.createUser('lot_manager')
    const served = await t.app.fetch(
      new Request(`http://localhost:3000${saved.json.avatarUrl}`, { headers: { cookie: colleague.cookie } }),
    )
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)

    const outsider = await t.createUser('admin', await t.createCompany('Else'))
    const hidden = await t.app.fetch(
      new Request(`http://localhost:3000${saved.json.avatarUrl}`, { headers: { cookie: outsider.cookie } }),
    )
    expect(hidden.status).toBe(404)

    const svg = await upload(agent.cookie, new TextEncoder().encode('<svg onload="x"/>'), 'image/png')
    expect(svg.status).toBe(400)
    expect(svg.json.error.message).toBe('The image must be a PNG, JPEG, WebP or GIF file.')
    const huge = await upload(agent.cookie, new Uint8Array(3 * 1024 * 1024).fill(0xff))
    expect(huge.status).toBe(413)
    expect(huge.json.error.message).toBe('The image must be 2 MB or smaller.')
    // Issue 41: the one upload check. A PNG's signature over bytes that are no image is refused.
    const fake = await upload(agent.cookie, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 1, 1]))
    expect(fake.status).toBe(400)
    expect(fake.json.error).toMatchObject({
      field: 'avatar',
      message: 'This image is damaged or incomplete: send the photo again.',
    })
    const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#aa2266' } })
      .gif()
      .toBuffer()
    expect((await upload(agent.cookie, new Uint8Array(gif), 'image/gif')).status).toBe(200)
  })

  it('changes the password with the current one, refusing common ones, and ends the other sessions', async () => {
    const agent = await t.createUser('recovery_agent')
    const other = await t.signIn(agent.email, USER_PASSWORD)
    const wrong = await t.request('POST', '/api/profile/password', {
      cookie: agent.cookie,
      body: { currentPassword: 'nope-nope', newPassword: 'Brand-new-pass-1' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.json.error.field).toBe('currentPassword')
    const common = await t.request('POST', '/api/profile/password', {
      cookie: agent.cookie,
      body: { currentPassword: USER_PASSWORD, newPassword: 'qwerty123' },
    })
    expect(common.status).toBe(400)
    const changed = await t.request('POST', '/api/profile/password', {
      cookie: agent.cookie,
      body: { currentPassword: USER_PASSWORD, newPassword: 'Brand-new-pass-1' },
    })
    expect(changed.status).toBe(200)
    expect((await t.request('GET', '/api/me', { cookie: other })).status).toBe(401)
    expect((await t.request('GET', '/api/me', { cookie: t.cookieFrom(changed.headers) })).status).toBe(200)
  })

  it('lists the own sessions and signs out the others', async () => {
    const agent = await t.createUser('key_manager')
    const second = await t.signIn(agent.email, USER_PASSWORD)
    const listed = await t.request('GET', '/api/profile/sessions', { cookie: agent.cookie })
    expect(listed.json.sessions).toHaveLength(2)
    expect(listed.json.sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1)
    const revoked = await t.request('POST', '/api/profile/sessions/revoke-others', { cookie: agent.cookie })
    expect(revoked.json).toEqual({ revoked: 1 })
    expect((await t.request('GET', '/api/me', { cookie: second })).status).toBe(401)
    expect((await t.request('GET', '/api/me', { cookie: agent.cookie })).status).toBe(200)
  })
})

import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ROLES } from '../domain/auth/roles'
import type { AppEnv } from './app-env'
import { markAccessChecked } from './auth/access-check'
import { isPublicApiPath } from './auth/require-sign-in'
import { AppError } from './http/app-error'
import { validate } from './http/validate'
import { apiRoutesOf } from './test/api-routes'
import { createTestApp } from './test/harness'

// Sign-in, then role, then input (issue 41): every guard marks the request once it has decided
// who may call the route, and validation asks for that mark before it reads anything
// (src/server/auth/access-check.ts). Walking every route as every role with input it refuses
// finds any route that reads its input first: it answers 500 naming itself.
describe('every route checks who may call it before its input', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  // The order is the routes' own, whatever the database: walked on PGlite only (a CI minute saved).
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'as every role, bad input never reaches a route before its guard',
    async () => {
      const routes = apiRoutesOf(t.app.routes).filter((route) => !isPublicApiPath(route.path.replace(/:[^/]+/g, '1')))
      expect(routes.length).toBeGreaterThan(50)
      const unguarded = new Set<string>()
      for (const role of ROLES) {
        let cookie = (await t.createUser(role)).cookie
        for (const route of routes) {
          const path = `${route.path.replace(/:[^/]+/g, 'not-an-id')}?page=-1&period=x`
          const send = () =>
            t.request(route.method, path, {
              cookie,
              ...(route.method === 'GET' ? {} : { body: { name: 7, ids: 'x', amountCents: 'x' } }),
            })
          let response = await send()
          // A route before this one ended the session (sign out): again with a fresh one.
          if (response.status === 401) {
            cookie = (await t.createUser(role)).cookie
            response = await send()
          }
          if (response.status >= 500) unguarded.add(`${route.method} ${route.path} -> ${response.status}`)
        }
      }
      expect([...unguarded]).toEqual([])
    },
    300_000,
  )

  it('refuses a role before reading its input (403, not 400)', async () => {
    const manager = await t.createUser('manager')
    const agent = await t.createUser('recovery_agent')
    const viewAs = await t.request('POST', '/api/impersonation/not-an-id', { cookie: manager.cookie })
    expect(viewAs.status).toBe(403)
    const correction = await t.request('PUT', '/api/repossession/cases/orders/not-an-id', {
      cookie: (await t.createUser('lot_manager')).cookie,
      body: { at: 'not a moment' },
    })
    expect(correction.status).toBe(403)
    const keys = await t.request('POST', '/api/integrations/api-keys', { cookie: agent.cookie, body: { name: 7 } })
    expect(keys.status).toBe(403)
    const othersPay = await t.request('GET', `/api/my-pay/${manager.profileId}?period=not-a-day`, {
      cookie: agent.cookie,
    })
    expect(othersPay.status).toBe(403)
    const settings = await t.request('PUT', '/api/company/settings', { cookie: manager.cookie, body: { name: 7 } })
    expect(settings.status).toBe(403)
  })
})

describe('validation asks for the guard first', () => {
  const app = new Hono<AppEnv>()
    .onError((error, c) => c.json({ message: error.message }, error instanceof AppError ? error.status : 500))
    .post('/api/unguarded', validate('json', z.object({ name: z.string() })), (c) => c.json({ ok: true }))
    .use('/api/guarded', async (c, next) => {
      markAccessChecked(c)
      await next()
    })
    .post('/api/guarded', validate('json', z.object({ name: z.string() })), (c) => c.json({ ok: true }))
  const post = (path: string) =>
    app.request(path, { method: 'POST', body: '{"name":7}', headers: { 'content-type': 'application/json' } })

  it('names a route that would read its input before its guard', async () => {
    const response = await post('/api/unguarded')
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      message: 'POST /api/unguarded reads its input before checking who may call it.',
    })
  })

  it('reads the input once the guard has decided', async () => {
    expect((await post('/api/guarded')).status).toBe(400)
  })
})

import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireRole, requireViewer } from '../../auth/viewer'
import { forwardCookies } from '../../http/forward-cookies'
import { validate } from '../../http/validate'
import { startImpersonation, stopImpersonation, VIEW_AS_ADMIN_ONLY } from './service'

const startParamsSchema = z.object({ profileId: z.uuid('must be a user id') })

/** 'View as' for administrators: start from User Management; stop from any screen. */
export function impersonationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/stop', async (c) => {
      const viewer = requireViewer(c, { allowPasswordReset: true })
      const stopped = await stopImpersonation(deps, viewer, c.req.raw.headers, c.get('clientIp'))
      return forwardCookies(stopped, c.json({ ok: true, redirectTo: '/dashboard/users' }))
    })
    .post(
      '/:profileId',
      requireRole(deps.db, ['admin'], VIEW_AS_ADMIN_ONLY),
      validate('param', startParamsSchema),
      async (c) => {
        const viewer = requireViewer(c)
        const headers = c.req.raw.headers
        const started = await startImpersonation(
          deps,
          viewer,
          c.req.valid('param').profileId,
          headers,
          c.get('clientIp'),
        )
        return forwardCookies(started, c.json({ ok: true, redirectTo: '/dashboard' }))
      },
    )
}

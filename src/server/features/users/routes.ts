import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { validate } from '../../lib/validate'
import { getUser, listUsers } from './service'

const userParamsSchema = z.object({ id: z.uuid('must be a user id') })

export function userRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', requireScreen(deps.db, 'User Management'))
    .get('/', async (c) => c.json({ users: await listUsers(deps, requireViewer(c)) }))
    .get('/:id', validate('param', userParamsSchema), async (c) =>
      c.json({ user: await getUser(deps, requireViewer(c), c.req.valid('param').id) }),
    )
}

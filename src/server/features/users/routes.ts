import { Hono } from 'hono'
import { z } from 'zod'
import { createUserSchema, listUsersQuerySchema, updateUserSchema } from '../../../domain/users/user-input'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { validate } from '../../http/validate'
import { createUser, getUser, listUsers, sendPasswordReset, setUserActive, updateUser } from './service'

const userParamsSchema = z.object({ id: z.uuid('must be a user id') })

export function userRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', requireScreen(deps.db, 'User Management'))
    .get('/', validate('query', listUsersQuerySchema), async (c) =>
      c.json(await listUsers(deps, requireViewer(c), c.req.valid('query'))),
    )
    .post('/', idempotent(deps, { withhold: ['temporaryPassword'] }), validate('json', createUserSchema), async (c) =>
      c.json(await createUser(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp')), 201),
    )
    .get('/:id', validate('param', userParamsSchema), async (c) =>
      c.json({ user: await getUser(deps, requireViewer(c), c.req.valid('param').id) }),
    )
    .patch('/:id', validate('param', userParamsSchema), validate('json', updateUserSchema), async (c) => {
      const user = await updateUser(
        deps,
        requireViewer(c),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.get('clientIp'),
      )
      return c.json({ user })
    })
    .post('/:id/deactivate', validate('param', userParamsSchema), async (c) =>
      c.json({ user: await setUserActive(deps, requireViewer(c), c.req.valid('param').id, false, c.get('clientIp')) }),
    )
    .post('/:id/reactivate', validate('param', userParamsSchema), async (c) =>
      c.json({ user: await setUserActive(deps, requireViewer(c), c.req.valid('param').id, true, c.get('clientIp')) }),
    )
    .post('/:id/password-reset', idempotent(deps), validate('param', userParamsSchema), async (c) => {
      await sendPasswordReset(deps, requireViewer(c), c.req.valid('param').id, c.get('clientIp'))
      return c.json({ ok: true })
    })
}

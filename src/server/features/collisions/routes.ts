import { Hono, type MiddlewareHandler } from 'hono'
import { resolveCollisionSchema } from '../../../domain/collisions/collisions'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireSignedIn, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { COLLISION_NOT_FOUND, checkMaySeeCollisions, getOpenCollisions, resolveCollision } from './service'

/** The role check before the input is read. */
const requireMaySee: MiddlewareHandler<AppEnv> = async (c, next) => {
  checkMaySeeCollisions(requireViewer(c))
  await next()
}

/** Collisions (issue 44 item 6): the open ones, and settling one (which case stands, why). */
export function collisionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireSignedIn)
    .get('/', requireMaySee, async (c) => c.json({ collisions: await getOpenCollisions(deps, requireViewer(c)) }))
    .post(
      '/:collisionId/resolve',
      requireMaySee,
      idempotent(deps),
      validate('json', resolveCollisionSchema),
      async (c) =>
        c.json(
          await resolveCollision(
            deps,
            requireViewer(c),
            uuidParam(c.req.param('collisionId'), COLLISION_NOT_FOUND),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
        ),
    )
}

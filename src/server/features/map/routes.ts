import { Hono } from 'hono'
import { mapQuerySchema } from '../../../domain/map/map-query'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { validate } from '../../lib/validate'
import { mapCases } from './service'

/** Case Location Map (admin, recovery agents, field managers): the cases of a view, clustered or as pins. */
export function mapRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Case Location Map'))
    .get('/cases', validate('query', mapQuerySchema), async (c) =>
      c.json(await mapCases(deps, requireViewer(c), c.req.valid('query'))),
    )
}

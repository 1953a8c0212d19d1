import { Hono } from 'hono'
import { activityQuerySchema, noQuerySchema } from '../../../domain/map/layers-query'
import { mapQuerySchema } from '../../../domain/map/map-query'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { validate } from '../../http/validate'
import { mapActivity } from './activity-service'
import { mapConfig, mapCoverage, mapFilters, mapLots } from './layers-service'
import { mapSelection } from './selection'
import { mapCases } from './service'

/** Case Location Map (admin, managers, recovery agents, field managers): the cases of a view, clustered or as pins, and the layers around them. */
export function mapRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Case Location Map'))
    .get('/cases', validate('query', mapQuerySchema), async (c) =>
      c.json(await mapCases(deps, requireViewer(c), c.req.valid('query'))),
    )
    .get('/config', validate('query', noQuerySchema), (c) => c.json(mapConfig(deps)))
    .get('/filters', validate('query', noQuerySchema), async (c) => c.json(await mapFilters(deps, requireViewer(c))))
    .get('/lots', validate('query', noQuerySchema), async (c) => c.json(await mapLots(deps, requireViewer(c))))
    .get('/coverage', validate('query', noQuerySchema), async (c) => c.json(await mapCoverage(deps, requireViewer(c))))
    .get('/activity', validate('query', activityQuerySchema), async (c) =>
      c.json(await mapActivity(deps, requireViewer(c), c.req.valid('query'))),
    )
    .get('/selection', validate('query', mapQuerySchema), async (c) =>
      c.json(await mapSelection(deps, requireViewer(c), c.req.valid('query'))),
    )
}

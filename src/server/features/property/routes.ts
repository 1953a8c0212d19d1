import { Hono } from 'hono'
import { PROPERTY_SCREENS } from '../../../domain/auth/record-screens'
import { inventoryInputSchema } from '../../../domain/property/inventory'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { validate } from '../../http/validate'
import { orderTarget, rdnTarget } from '../../queries/recovered-case'
import { inventoryPeople, propertyList, propertyListQuery } from './list-service'
import { propertyRedemptionRoutes } from './redemption-routes'
import { caseProperty, takeInventory } from './service'

/** Personal property (issue 20): the lot and post-recovery people, and management. */
export function propertyRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, PROPERTY_SCREENS))
    .get('/', validate('query', propertyListQuery), async (c) =>
      c.json(await propertyList(deps, requireViewer(c), c.req.valid('query'))),
    )
    .get('/people', async (c) => c.json(await inventoryPeople(deps, requireViewer(c))))
    .route('/', propertyRedemptionRoutes(deps))
    .get('/cases/orders/:orderId', async (c) =>
      c.json(await caseProperty(deps, requireViewer(c), orderTarget(c.req.param('orderId')))),
    )
    .get('/cases/rdn/:caseId', async (c) =>
      c.json(await caseProperty(deps, requireViewer(c), rdnTarget(c.req.param('caseId')))),
    )
    .post('/cases/orders/:orderId', idempotent(deps), validate('json', inventoryInputSchema), async (c) =>
      c.json(
        await takeInventory(
          deps,
          requireViewer(c),
          orderTarget(c.req.param('orderId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
        201,
      ),
    )
    .post('/cases/rdn/:caseId', idempotent(deps), validate('json', inventoryInputSchema), async (c) =>
      c.json(
        await takeInventory(
          deps,
          requireViewer(c),
          rdnTarget(c.req.param('caseId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
        201,
      ),
    )
}

import { Hono } from 'hono'
import { orderListQuerySchema } from '../../../domain/orders/order-list-query'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { validate } from '../../http/validate'
import { getOrderFilterChoices, getOrderPage } from './service'

/** The Orders tab of Order Management: the company's own orders (table orders). */
export function orderListRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', requireScreen(deps.db, 'Order Management'), validate('query', orderListQuerySchema), async (c) =>
      c.json(await getOrderPage(deps, requireViewer(c), c.req.valid('query'))),
    )
    .get('/filters', requireScreen(deps.db, 'Order Management'), async (c) =>
      c.json(await getOrderFilterChoices(deps, requireViewer(c))),
    )
}

import { Hono } from 'hono'
import { orderEditSchema } from '../../../domain/orders/order-edit'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireSignedIn, requireViewer } from '../../auth/viewer'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { getAssignablePeople, getOrderDetail, ORDER_NOT_FOUND, updateOrder } from './service'

const orderIdFrom = (param: string) => uuidParam(param, ORDER_NOT_FOUND)

/**
 * The order detail (SPEC.md section 2: outside the shell, any signed-in person of the company,
 * since field roles open orders from their dashboards), its Edit mode's save, and the people its
 * Edit mode may put on the order.
 */
export function orderRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireSignedIn)
    .get('/:orderId', async (c) =>
      c.json({
        order: await getOrderDetail(deps, requireViewer(c), orderIdFrom(c.req.param('orderId')), c.get('clientIp')),
      }),
    )
    .get('/:orderId/assignable', async (c) =>
      c.json(await getAssignablePeople(deps, requireViewer(c), orderIdFrom(c.req.param('orderId')))),
    )
    .patch('/:orderId', validate('json', orderEditSchema), async (c) =>
      c.json(
        await updateOrder(
          deps,
          requireViewer(c),
          orderIdFrom(c.req.param('orderId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      ),
    )
}

import { Hono } from 'hono'
import {
  assignmentInputSchema,
  cameraLookoutQuerySchema,
  dashboardDayQuerySchema,
  findInputSchema,
  keyJobInputSchema,
  keysDashboardQuerySchema,
  lotDashboardQuerySchema,
  notificationsReadSchema,
  recoveryAgentQuerySchema,
  transportDashboardQuerySchema,
} from '../../../domain/dashboards/inputs'
import { agencyOffsetMinutes, agencyToday } from '../../../domain/formats/agency-time'
import type { Day } from '../../../domain/formats/calendar-days'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireSignedIn, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { getCameraDriverDashboard, recordFind } from './camera-driver'
import { assignOrder, getFieldManagerDashboard, markNotificationsRead } from './field-manager'
import { getKeysDashboard, setKeyJobState } from './keys'
import { getManagementDashboard } from './management'
import { getRecoveryAgentDashboard } from './recovery-agent'
import { getLotDashboard, getPostRecoveryDashboard, getTransportDashboard } from './storage'

/** Without the browser's day, the agency's (issue 41), not the server's zone's. */
const serverToday = (): Day => agencyToday()

/** Each role dashboard in one request; each behind its screen's permission (SPEC.md section 6). */
export function dashboardRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<AppEnv>()
    .get(
      '/management',
      requireScreen(db, 'Management Dashboard'),
      validate('query', dashboardDayQuerySchema),
      async (c) =>
        c.json(await getManagementDashboard(db, requireViewer(c), c.req.valid('query').today ?? serverToday())),
    )
    .get(
      '/recovery-agent',
      requireScreen(db, 'Recovery Agent'),
      validate('query', recoveryAgentQuerySchema),
      async (c) => {
        const { today, offset } = c.req.valid('query')
        return c.json(
          await getRecoveryAgentDashboard(
            db,
            requireViewer(c),
            today ?? serverToday(),
            offset ?? agencyOffsetMinutes(),
          ),
        )
      },
    )
    .get(
      '/camera-driver',
      requireScreen(db, 'Camera Car Driver'),
      validate('query', cameraLookoutQuerySchema),
      async (c) => c.json(await getCameraDriverDashboard(db, requireViewer(c), c.req.valid('query').plate)),
    )
    .post(
      '/camera-driver/finds',
      requireScreen(db, 'Camera Car Driver'),
      idempotent(deps),
      validate('json', findInputSchema),
      async (c) => c.json(await recordFind(db, requireViewer(c), c.req.valid('json'), c.get('clientIp')), 201),
    )
    .get('/field-manager', requireScreen(db, 'Field Manager'), async (c) =>
      c.json(await getFieldManagerDashboard(db, requireViewer(c))),
    )
    .put(
      '/field-manager/assignments/:orderId',
      requireScreen(db, 'Field Manager'),
      idempotent(deps),
      validate('json', assignmentInputSchema),
      async (c) => {
        const orderId = uuidParam(c.req.param('orderId'), 'Order not found')
        return c.json(await assignOrder(db, requireViewer(c), orderId, c.req.valid('json'), c.get('clientIp')))
      },
    )
    .post(
      '/notifications/read',
      requireSignedIn,
      idempotent(deps),
      validate('json', notificationsReadSchema),
      async (c) => c.json(await markNotificationsRead(db, requireViewer(c), c.req.valid('json').ids)),
    )
    .get('/lot-manager', requireScreen(db, 'Lot Manager'), validate('query', lotDashboardQuerySchema), async (c) => {
      const { today, limit } = c.req.valid('query')
      return c.json(await getLotDashboard(db, requireViewer(c), today ?? serverToday(), limit))
    })
    .get(
      '/keys',
      requireScreen(db, ['Key Manager', 'Locksmith']),
      validate('query', keysDashboardQuerySchema),
      async (c) => c.json(await getKeysDashboard(deps, requireViewer(c), c.req.valid('query').limit)),
    )
    .put(
      '/keys/:orderId',
      requireScreen(db, ['Key Manager', 'Locksmith']),
      idempotent(deps),
      validate('json', keyJobInputSchema),
      async (c) => {
        const orderId = uuidParam(c.req.param('orderId'), 'Order not found')
        return c.json(await setKeyJobState(db, requireViewer(c), orderId, c.req.valid('json').state, c.get('clientIp')))
      },
    )
    .get(
      '/transport-manager',
      requireScreen(db, 'Transport Manager'),
      validate('query', transportDashboardQuerySchema),
      async (c) => c.json(await getTransportDashboard(db, requireViewer(c), c.req.valid('query').limit)),
    )
    .get('/post-recovery-manager', requireScreen(db, 'Post Recovery Manager'), async (c) =>
      c.json(await getPostRecoveryDashboard(db, requireViewer(c))),
    )
}

import { Hono } from 'hono'
import {
  notificationListQuerySchema,
  notificationReadSchema,
} from '../../../domain/notifications/notification-requests'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireSignedIn, requireViewer } from '../../auth/viewer'
import { validate } from '../../http/validate'
import { getNotifications, getUnreadCount, markNotificationsRead } from './service'

/** The bell: any signed-in person, their own notifications only. */
export function notificationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireSignedIn)
    .get('/', validate('query', notificationListQuerySchema), async (c) =>
      c.json(await getNotifications(deps, requireViewer(c), c.req.valid('query').cursor)),
    )
    .get('/unread-count', async (c) => c.json(await getUnreadCount(deps, requireViewer(c))))
    .post('/read', validate('json', notificationReadSchema), async (c) =>
      c.json(await markNotificationsRead(deps, requireViewer(c), c.req.valid('json').ids)),
    )
    .post('/read-all', async (c) => c.json(await markNotificationsRead(deps, requireViewer(c), 'all')))
}

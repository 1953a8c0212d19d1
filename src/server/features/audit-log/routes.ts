import { Hono } from 'hono'
import { auditLogQuerySchema } from '../../../domain/audit/audit-log-query'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { validate } from '../../http/validate'
import { auditLog } from './service'

/** The company's audit log (issue 41): who did and who saw what, searched by case and person; for those who manage users. */
export function auditLogRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'User Management'))
    .get('/', validate('query', auditLogQuerySchema), async (c) =>
      c.json(await auditLog(deps, requireViewer(c), c.req.valid('query'))),
    )
}

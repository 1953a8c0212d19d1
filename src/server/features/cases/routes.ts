import { Hono } from 'hono'
import { caseListQuerySchema } from '../../../domain/cases/case-list-query'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { caseIdParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { getCase, getCaseFilterChoices, getCasePage } from './service'

export function caseRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/', requireScreen(deps.db, 'Order Management'), validate('query', caseListQuerySchema), async (c) =>
        c.json(await getCasePage(deps, requireViewer(c), c.req.valid('query'))),
      )
      .get('/filters', requireScreen(deps.db, 'Order Management'), async (c) =>
        c.json(await getCaseFilterChoices(deps, requireViewer(c))),
      )
      // The detail lives outside the shell and needs only a session (SPEC.md section 2).
      .get('/:caseId', async (c) => {
        const viewer = requireViewer(c)
        return c.json({ case: await getCase(deps, viewer, caseIdParam(c.req.param('caseId')), c.get('clientIp')) })
      })
  )
}

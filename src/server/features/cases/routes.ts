import { Hono } from 'hono'
import { caseListQuerySchema } from '../../../domain/cases/case-list-query'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { notFound } from '../../lib/app-error'
import { validate } from '../../lib/validate'
import { getCase, getCaseFilterChoices, getCasePage } from './service'

const CASE_ID = /^\d{1,15}$/

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
        const caseId = c.req.param('caseId')
        if (!CASE_ID.test(caseId)) throw notFound('The requested case could not be found.')
        return c.json({ case: await getCase(deps, viewer, Number(caseId)) })
      })
  )
}

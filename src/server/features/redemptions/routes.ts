import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { caseIdParam, uuidParam } from '../../lib/uuid-param'
import { CASE_NOT_FOUND, caseRedemptionQuote } from './quote-service'

/** Vehicle redemptions (issue 20): the post-recovery manager's, and management's. */
export function redemptionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, ['Vehicle Redemptions', 'Management Dashboard']))
    .get('/cases/orders/:orderId/quote', async (c) =>
      c.json(
        await caseRedemptionQuote(deps, requireViewer(c), {
          orderId: uuidParam(c.req.param('orderId'), CASE_NOT_FOUND),
        }),
      ),
    )
    .get('/cases/rdn/:caseId/quote', async (c) =>
      c.json(
        await caseRedemptionQuote(deps, requireViewer(c), {
          caseId: caseIdParam(c.req.param('caseId'), CASE_NOT_FOUND),
        }),
      ),
    )
}

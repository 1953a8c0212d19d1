import { Hono } from 'hono'
import { CONDITION_REPORT_SCREENS } from '../../../domain/auth/record-screens'
import { reportDraftSchema } from '../../../domain/condition/report'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { orderTarget, rdnTarget } from '../../queries/recovered-case'
import { acceptReport, caseReports, REPORT_NOT_FOUND, saveDraft, startReport } from './service'

const reportId = (value: string) => uuidParam(value, REPORT_NOT_FOUND)

/** Condition reports (issue 20): those who handle a vehicle once it is recovered. */
export function conditionReportRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, CONDITION_REPORT_SCREENS))
    .get('/cases/orders/:orderId', async (c) =>
      c.json(await caseReports(deps, requireViewer(c), orderTarget(c.req.param('orderId')))),
    )
    .get('/cases/rdn/:caseId', async (c) =>
      c.json(await caseReports(deps, requireViewer(c), rdnTarget(c.req.param('caseId')))),
    )
    .post('/cases/orders/:orderId', idempotent(deps), async (c) =>
      c.json(await startReport(deps, requireViewer(c), orderTarget(c.req.param('orderId')), c.get('clientIp')), 201),
    )
    .post('/cases/rdn/:caseId', idempotent(deps), async (c) =>
      c.json(await startReport(deps, requireViewer(c), rdnTarget(c.req.param('caseId')), c.get('clientIp')), 201),
    )
    .put('/:reportId', validate('json', reportDraftSchema), async (c) =>
      c.json(
        await saveDraft(
          deps,
          requireViewer(c),
          reportId(c.req.param('reportId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      ),
    )
    .post('/:reportId/accept', idempotent(deps), async (c) =>
      c.json(await acceptReport(deps, requireViewer(c), reportId(c.req.param('reportId')), c.get('clientIp'))),
    )
}

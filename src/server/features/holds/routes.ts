import { Hono, type MiddlewareHandler } from 'hono'
import { onHookSchema, recoveryActCorrectionSchema, yieldSchema } from '../../../domain/holds/on-hook'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireRole, requireSignedIn, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { orderTarget, rdnTarget } from '../../queries/recovered-case'
import { checkMayRecordActs } from './act-access'
import { ACT_NOT_FOUND, correctRecoveryAct } from './act-correction-service'
import { caseFieldRecord } from './field-record-service'
import { recordOnHook } from './on-hook-service'
import { getHoldReceipts, getOpenHolds, HOLD_NOT_FOUND, HOLD_RECEIPT_ROLES } from './receipts-service'
import { recordYield } from './yield-service'

/** The role check before the input is read. */
const requireMayRecord: MiddlewareHandler<AppEnv> = async (c, next) => {
  checkMayRecordActs(requireViewer(c))
  await next()
}

/**
 * On-Hook and Yield (issue 44), from the agent's dashboard and the case pages: each recorded once,
 * never edited (a correction is a new entry); what a case page shows of them and its holds; and who
 * has seen each open hold. Written out route by route, so the web's typed client knows each one.
 */
export function recoveryActRoutes(deps: AppDeps) {
  const recordable = [requireMayRecord, idempotent(deps)] as const
  return new Hono<AppEnv>()
    .use(requireSignedIn)
    .get('/cases/orders/:orderId', async (c) =>
      c.json(await caseFieldRecord(deps, requireViewer(c), orderTarget(c.req.param('orderId')))),
    )
    .get('/cases/rdn/:caseId', async (c) =>
      c.json(await caseFieldRecord(deps, requireViewer(c), rdnTarget(c.req.param('caseId')))),
    )
    .post('/cases/orders/:orderId/on-hook', ...recordable, validate('json', onHookSchema), async (c) =>
      c.json(
        await recordOnHook(
          deps,
          requireViewer(c),
          orderTarget(c.req.param('orderId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
        201,
      ),
    )
    .post('/cases/rdn/:caseId/on-hook', ...recordable, validate('json', onHookSchema), async (c) =>
      c.json(
        await recordOnHook(
          deps,
          requireViewer(c),
          rdnTarget(c.req.param('caseId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
        201,
      ),
    )
    .post('/cases/orders/:orderId/yield', ...recordable, validate('json', yieldSchema), async (c) =>
      c.json(
        await recordYield(
          deps,
          requireViewer(c),
          orderTarget(c.req.param('orderId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
        201,
      ),
    )
    .post('/cases/rdn/:caseId/yield', ...recordable, validate('json', yieldSchema), async (c) =>
      c.json(
        await recordYield(
          deps,
          requireViewer(c),
          rdnTarget(c.req.param('caseId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
        201,
      ),
    )
    .post('/acts/:actId/corrections', ...recordable, validate('json', recoveryActCorrectionSchema), async (c) =>
      c.json(
        await correctRecoveryAct(
          deps,
          requireViewer(c),
          uuidParam(c.req.param('actId'), ACT_NOT_FOUND),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
        201,
      ),
    )
    .get('/holds', requireRole(deps.db, HOLD_RECEIPT_ROLES), async (c) =>
      c.json(await getOpenHolds(deps, requireViewer(c))),
    )
    .get('/holds/:holdId/receipts', requireRole(deps.db, HOLD_RECEIPT_ROLES), async (c) =>
      c.json(await getHoldReceipts(deps, requireViewer(c), uuidParam(c.req.param('holdId'), HOLD_NOT_FOUND))),
    )
}

import { Hono, type MiddlewareHandler } from 'hono'
import { onHookSchema, recoveryActCorrectionSchema, yieldSchema } from '../../../domain/holds/on-hook'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireRole, requireSignedIn, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { orderTarget, rdnTarget } from '../../queries/recovered-case'
import {
  ACT_NOT_FOUND,
  caseFieldRecord,
  checkMayRecordActs,
  correctRecoveryAct,
  recordOnHook,
  recordYield,
} from './on-hook-service'
import { getHoldReceipts, getOpenHolds, HOLD_NOT_FOUND, HOLD_RECEIPT_ROLES } from './receipts-service'
import type { CaseRef } from './repository'

/** The role check before the input is read. */
const requireMayRecord: MiddlewareHandler<AppEnv> = async (c, next) => {
  checkMayRecordActs(requireViewer(c))
  await next()
}

const caseRoutes = [
  ['/cases/orders/:orderId', (param: (name: string) => string): CaseRef => orderTarget(param('orderId'))],
  ['/cases/rdn/:caseId', (param: (name: string) => string): CaseRef => rdnTarget(param('caseId'))],
] as const

/**
 * On-Hook and Yield (issue 44), from the agent's dashboard and the case pages: each recorded once,
 * never edited (a correction is a new entry); and what a case page shows of them and its holds.
 */
export function recoveryActRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>().use(requireSignedIn)
  for (const [path, refOf] of caseRoutes) {
    routes
      .get(path, async (c) =>
        c.json(
          await caseFieldRecord(
            deps,
            requireViewer(c),
            refOf((name) => c.req.param(name) ?? ''),
          ),
        ),
      )
      .post(`${path}/on-hook`, requireMayRecord, idempotent(deps), validate('json', onHookSchema), async (c) =>
        c.json(
          await recordOnHook(
            deps,
            requireViewer(c),
            refOf((name) => c.req.param(name) ?? ''),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
          201,
        ),
      )
      .post(`${path}/yield`, requireMayRecord, idempotent(deps), validate('json', yieldSchema), async (c) =>
        c.json(
          await recordYield(
            deps,
            requireViewer(c),
            refOf((name) => c.req.param(name) ?? ''),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
          201,
        ),
      )
  }
  return routes
    .get('/holds', requireRole(deps.db, HOLD_RECEIPT_ROLES), async (c) =>
      c.json(await getOpenHolds(deps, requireViewer(c))),
    )
    .get('/holds/:holdId/receipts', requireRole(deps.db, HOLD_RECEIPT_ROLES), async (c) =>
      c.json(await getHoldReceipts(deps, requireViewer(c), uuidParam(c.req.param('holdId'), HOLD_NOT_FOUND))),
    )
    .post(
      '/acts/:actId/corrections',
      requireMayRecord,
      idempotent(deps),
      validate('json', recoveryActCorrectionSchema),
      async (c) =>
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
}

import { Hono, type MiddlewareHandler } from 'hono'
import { repossessionCorrectionSchema } from '../../../domain/cases/repossession'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireSignedIn, requireViewer } from '../../auth/viewer'
import { validate } from '../../http/validate'
import { orderTarget, rdnTarget } from '../../queries/recovered-case'
import { checkMayCorrect, correctRepossession } from './service'

/** The role check before the input is read. */
const requireMayCorrect: MiddlewareHandler<AppEnv> = async (c, next) => {
  checkMayCorrect(requireViewer(c))
  await next()
}

/** When a case's vehicle was repossessed (issue 41): set or corrected, with a reason, from the order or RDN case detail. */
export function repossessionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireSignedIn)
    .put('/cases/orders/:orderId', requireMayCorrect, validate('json', repossessionCorrectionSchema), async (c) =>
      c.json(
        await correctRepossession(
          deps,
          requireViewer(c),
          orderTarget(c.req.param('orderId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      ),
    )
    .put('/cases/rdn/:caseId', requireMayCorrect, validate('json', repossessionCorrectionSchema), async (c) =>
      c.json(
        await correctRepossession(
          deps,
          requireViewer(c),
          rdnTarget(c.req.param('caseId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      ),
    )
}

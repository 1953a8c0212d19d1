import { Hono } from 'hono'
import { releaseCompletionSchema, transportMovesQuerySchema } from '../../../domain/redemption/release'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { RELEASE_NOT_FOUND } from './release-service'
import { completeTransportMove, listTransportMoves } from './transport-moves'

/** The transport manager's moves: vehicles authorized to transport, handed to the transporter. */
export function transportMoveRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Transport Manager'))
    .get('/moves', validate('query', transportMovesQuerySchema), async (c) =>
      c.json(await listTransportMoves(deps, requireViewer(c), c.req.valid('query').page)),
    )
    .post('/moves/:releaseId/complete', idempotent(deps), validate('json', releaseCompletionSchema), async (c) =>
      c.json(
        await completeTransportMove(
          deps,
          requireViewer(c),
          uuidParam(c.req.param('releaseId'), RELEASE_NOT_FOUND),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      ),
    )
}

import { Hono } from 'hono'
import { z } from 'zod'
import { assignInputSchema, boardQuerySchema, CASE_SOURCES, stateInputSchema } from '../../../domain/assignments/board'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { validate } from '../../http/validate'
import { assignCases, setAssignmentState } from './assign-service'
import { assignablePeople, assignmentBoard, assignmentFigures, caseAssignmentHistory } from './service'

const caseParam = z.object({
  source: z.enum(CASE_SOURCES, { error: 'A case is an order or an RDN case.' }),
  id: z.uuid('A case id is a uuid.'),
})

/** Agent Assignment (admin, manager, field manager): the board, the people, bulk assignment, states, history, figures. */
export function assignmentRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<AppEnv>()
    .use(requireScreen(db, 'Agent Assignment'))
    .get('/board', validate('query', boardQuerySchema), async (c) =>
      c.json(await assignmentBoard(db, requireViewer(c), c.req.valid('query'))),
    )
    .get('/people', async (c) => c.json(await assignablePeople(db, requireViewer(c))))
    .get('/figures', async (c) => c.json(await assignmentFigures(db, requireViewer(c))))
    .get('/history/:source/:id', validate('param', caseParam), async (c) => {
      const { source, id } = c.req.valid('param')
      return c.json(await caseAssignmentHistory(db, requireViewer(c), source, id))
    })
    .post('/', idempotent(deps), validate('json', assignInputSchema), async (c) =>
      c.json(await assignCases(db, requireViewer(c), c.req.valid('json'), c.get('clientIp'))),
    )
    .post('/state', idempotent(deps), validate('json', stateInputSchema), async (c) =>
      c.json(await setAssignmentState(db, requireViewer(c), c.req.valid('json'), c.get('clientIp'))),
    )
}

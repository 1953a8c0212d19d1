import { Hono } from 'hono'
import { z } from 'zod'
import { noteInputSchema } from '../../../domain/timeline/note'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireSignedIn, requireViewer } from '../../auth/viewer'
import { notFound } from '../../lib/app-error'
import { idempotent } from '../../lib/idempotency'
import { uuidParam } from '../../lib/uuid-param'
import { validate } from '../../lib/validate'
import { addNote, CASE_NOT_FOUND, getTimelinePage, ORDER_NOT_FOUND, type TimelineTarget } from './service'

const CASE_ID = /^\d{1,15}$/

const pageQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}$/, 'must be the id of a timeline entry')
    .transform(Number)
    .optional(),
})

const orderTarget = (param: string): TimelineTarget => ({
  subject: 'order',
  orderId: uuidParam(param, ORDER_NOT_FOUND),
})

const caseTarget = (param: string): TimelineTarget => {
  if (!CASE_ID.test(param)) throw notFound(CASE_NOT_FOUND)
  return { subject: 'case', caseId: Number(param) }
}

/**
 * The timeline of an order (/orders/<order id>) and of an RDN case (/cases/<RDN case id>, the
 * number the Case detail opens): pages of entries, newest first, and notes. Like the two details
 * (SPEC.md section 2), a session of the company is all it takes.
 */
export function timelineRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireSignedIn)
    .get('/orders/:orderId', validate('query', pageQuerySchema), async (c) =>
      c.json(
        await getTimelinePage(
          deps,
          requireViewer(c),
          orderTarget(c.req.param('orderId')),
          c.req.valid('query').before ?? null,
        ),
      ),
    )
    .post('/orders/:orderId/notes', idempotent(deps), validate('json', noteInputSchema), async (c) =>
      c.json(
        {
          entry: await addNote(
            deps,
            requireViewer(c),
            orderTarget(c.req.param('orderId')),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
        },
        201,
      ),
    )
    .get('/cases/:caseId', validate('query', pageQuerySchema), async (c) =>
      c.json(
        await getTimelinePage(
          deps,
          requireViewer(c),
          caseTarget(c.req.param('caseId')),
          c.req.valid('query').before ?? null,
        ),
      ),
    )
    .post('/cases/:caseId/notes', idempotent(deps), validate('json', noteInputSchema), async (c) =>
      c.json(
        {
          entry: await addNote(
            deps,
            requireViewer(c),
            caseTarget(c.req.param('caseId')),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
        },
        201,
      ),
    )
}

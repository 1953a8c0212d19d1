import { Hono } from 'hono'
import { z } from 'zod'
import { noteInputSchema } from '../../../domain/timeline/note'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireSignedIn, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { caseIdParam, uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { addNote, CASE_NOT_FOUND, getTimelinePage, ORDER_NOT_FOUND, type TimelineTarget } from './service'

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
  return { subject: 'case', caseId: caseIdParam(param, CASE_NOT_FOUND) }
}

/** The path parameter by its name (a generic name, so TypeScript cannot index Hono's record by it). */
const paramOf = (params: object, name: string) => (params as Record<string, string>)[name]

/**
 * One subject's two routes under its path parameter: a page of its timeline (entries older than
 * `before`, newest first) and a new note. `target` reads the parameter (404 when it names nothing).
 */
function subjectRoutes<P extends string>(deps: AppDeps, param: P, target: (value: string) => TimelineTarget) {
  return new Hono<AppEnv>()
    .get(`/:${param}` as `/:${P}`, validate('query', pageQuerySchema), async (c) =>
      c.json(
        await getTimelinePage(
          deps,
          requireViewer(c),
          target(paramOf(c.req.param(), param)),
          c.req.valid('query').before ?? null,
        ),
      ),
    )
    .post(`/:${param}/notes` as `/:${P}/notes`, idempotent(deps), validate('json', noteInputSchema), async (c) =>
      c.json(
        {
          entry: await addNote(
            deps,
            requireViewer(c),
            target(paramOf(c.req.param(), param)),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
        },
        201,
      ),
    )
}

/**
 * The timeline of an order (/orders/<order id>) and of an RDN case (/cases/<RDN case id>, the
 * number the Case detail opens): pages of entries, newest first, and notes. Like the two details
 * (SPEC.md section 2), a session of the company is all it takes.
 */
export function timelineRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireSignedIn)
    .route('/orders', subjectRoutes(deps, 'orderId', orderTarget))
    .route('/cases', subjectRoutes(deps, 'caseId', caseTarget))
}

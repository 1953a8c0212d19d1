import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { changeSubStatus, createSubStatus, listSubStatuses } from './service'

const codeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{1,60}$/, 'Use letters, digits and underscores, e.g. CLOSE_FEE_APPROVED.')
const subStatusBody = z.object({
  code: codeText,
  description: z.string().trim().min(1, 'Enter a description.').max(200),
  active: z.boolean().optional(),
})
const subStatusChange = z
  .object({ description: subStatusBody.shape.description.optional(), active: z.boolean().optional() })
  .refine((change) => change.description !== undefined || change.active !== undefined, 'Nothing to change.')

/**
 * Sub-statuses (admin and manager, the configuration roles; shown beside Client Management):
 * code, description, active. The import looks them up and fee requests read their codes, so a
 * code is fixed once created; its description and active flag can change.
 */
export function subStatusRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Client Management'))
    .get('/', async (c) => c.json({ subStatuses: await listSubStatuses(deps, requireViewer(c)) }))
    .post('/', idempotent(deps), validate('json', subStatusBody), async (c) => {
      const subStatus = await createSubStatus(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp'))
      return c.json({ subStatus }, 201)
    })
    .patch('/:id', validate('json', subStatusChange), async (c) => {
      const viewer = requireViewer(c)
      const id = uuidParam(c.req.param('id'), 'No such sub-status.')
      const subStatus = await changeSubStatus(deps, viewer, id, c.req.valid('json'), c.get('clientIp'))
      return c.json({ subStatus })
    })
}

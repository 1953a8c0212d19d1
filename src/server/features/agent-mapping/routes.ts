import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { getAgentMapping, mapAgent, unmapAgent } from './service'

const mapBody = z.object({
  rdnAgentId: z.string().trim().min(1, 'Enter the RDN agent id.').max(50),
  profileId: z.uuid('Choose a person.'),
})

/** Agent Mapping (admin and manager): RDN agent ids to people, so cases show who works them. */
export function agentMappingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Agent Mapping'))
    .get('/', async (c) => c.json(await getAgentMapping(deps, requireViewer(c))))
    .post('/', idempotent(deps), validate('json', mapBody), async (c) =>
      c.json(await mapAgent(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp')), 201),
    )
    .delete('/:mappingId', async (c) => {
      const mappingId = uuidParam(c.req.param('mappingId'), 'No such mapping.')
      return c.json(await unmapAgent(deps, requireViewer(c), mappingId, c.get('clientIp')))
    })
}

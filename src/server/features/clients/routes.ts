import { Hono } from 'hono'
import { clientInputSchema, clientListQuerySchema } from '../../../domain/clients/client-input'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { createClient, listClients, updateClient } from './service'

const clientId = (value: string) => uuidParam(value, 'No such client.')

/** Client Management (admin and manager): the company's lenders, which the import matches against. */
export function clientRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Client Management'))
    .get('/', validate('query', clientListQuerySchema), async (c) =>
      c.json({ clients: await listClients(deps, requireViewer(c), c.req.valid('query')) }),
    )
    .post('/', idempotent(deps), validate('json', clientInputSchema), async (c) =>
      c.json({ client: await createClient(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp')) }, 201),
    )
    .patch('/:clientId', validate('json', clientInputSchema), async (c) =>
      c.json({
        client: await updateClient(
          deps,
          requireViewer(c),
          clientId(c.req.param('clientId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      }),
    )
}

import { Hono } from 'hono'
import { z } from 'zod'
import { MAX_SYNC_BATCH } from '../../../domain/cases/rdn-case-input'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireRole, requireViewer } from '../../auth/viewer'
import { limitBody } from '../../http/body-limit'
import { idempotent } from '../../http/idempotency'
import { validate } from '../../http/validate'
import { syncRdnCases } from '../cases/sync'
import { API_KEYS_ADMIN_ONLY, type ApiKeyEnv, createApiKey, listApiKeys, requireApiKey, revokeApiKey } from './api-keys'

const createKeySchema = z.object({ name: z.string().trim().min(1, 'Name the key (e.g. the integration).').max(100) })
const keyParamsSchema = z.object({ id: z.uuid('must be a key id') })
const syncBodySchema = z.object({
  cases: z.array(z.unknown()).max(MAX_SYNC_BATCH, `at most ${MAX_SYNC_BATCH} cases per request`).default([]),
  deleteCaseIds: z.array(z.number().int().positive()).max(MAX_SYNC_BATCH).default([]),
})

/** Administrators manage the keys integrations use. */
export function apiKeyRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireRole(deps.db, ['admin'], API_KEYS_ADMIN_ONLY))
    .get('/', async (c) => c.json({ keys: await listApiKeys(deps, requireViewer(c)) }))
    .post('/', idempotent(deps, { withhold: ['key'] }), validate('json', createKeySchema), async (c) =>
      c.json(await createApiKey(deps, requireViewer(c), c.req.valid('json').name, c.get('clientIp')), 201),
    )
    .delete('/:id', validate('param', keyParamsSchema), async (c) => {
      await revokeApiKey(deps, requireViewer(c), c.req.valid('param').id, c.get('clientIp'))
      return c.json({ ok: true })
    })
}

/** The RDN sync an integration calls with its key: upserts by case_id, reports bad rows. */
export function syncRoutes(deps: AppDeps) {
  return new Hono<ApiKeyEnv>().post(
    '/rdn-cases',
    requireApiKey(deps),
    limitBody(20 * 1024 * 1024, 'The batch is larger than 20 MB.'),
    validate('json', syncBodySchema),
    async (c) => {
      const { cases, deleteCaseIds } = c.req.valid('json')
      const result = await syncRdnCases(deps.db, c.get('apiKeyCompanyId'), cases, deleteCaseIds)
      // 400 only when nothing at all could be done.
      const nothingDone = result.upserted === 0 && result.deleted === 0 && result.problems.length > 0
      return c.json(result, nothingDone ? 400 : 200)
    },
  )
}

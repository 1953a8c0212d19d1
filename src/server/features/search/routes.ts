import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireSignedIn, requireViewer } from '../../auth/viewer'
import { validate } from '../../http/validate'
import { searchEverything } from './service'

export const searchQuerySchema = z.object({ q: z.string().trim().min(1, 'Type something to search for.').max(100) })

export function searchRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', requireSignedIn, validate('query', searchQuerySchema), async (c) =>
    c.json(await searchEverything(deps, requireViewer(c), c.req.valid('query').q)),
  )
}

import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireSignedIn } from '../../auth/viewer'
import { validate } from '../../http/validate'
import { geocodeAddress } from './service'

const geocodeBody = z.object({
  address: z.string('Enter an address.').trim().min(1, 'Enter an address.').max(300),
})

/** geocode-address (SPEC.md section 7); any signed-in person. */
export function geocodeRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireSignedIn)
    .post('/', validate('json', geocodeBody), async (c) =>
      c.json(await geocodeAddress(deps, c.req.valid('json').address)),
    )
}

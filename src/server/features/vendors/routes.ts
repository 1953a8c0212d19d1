import { Hono } from 'hono'
import { vendorInputSchema } from '../../../domain/vendors/vendor'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { changeVendor, createVendor, listVendors } from './service'

/** Vendors (admin and manager): lots, auctions, rentals, locksmiths, transporters, forwarders. */
export function vendorRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Vendor Management'))
    .get('/', async (c) => c.json({ vendors: await listVendors(deps, requireViewer(c)) }))
    .post('/', idempotent(deps), validate('json', vendorInputSchema), async (c) => {
      const vendor = await createVendor(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp'))
      return c.json({ vendor }, 201)
    })
    .patch('/:vendorId', validate('json', vendorInputSchema), async (c) => {
      const viewer = requireViewer(c)
      const vendorId = uuidParam(c.req.param('vendorId'), 'No such vendor.')
      const vendor = await changeVendor(deps, viewer, vendorId, c.req.valid('json'), c.get('clientIp'))
      return c.json({ vendor })
    })
}

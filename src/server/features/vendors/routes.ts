import { Hono } from 'hono'
import { isDirectDrop, vendorInputSchema } from '../../../domain/vendors/vendor'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { AppError, notFound } from '../../http/app-error'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { recordAudit } from '../../records/audit'

const vendorColumns = ['id', 'name', 'type', 'address', 'phone', 'email', 'active'] as const

/** Vendors (admin and manager): lots, auctions, rentals, locksmiths, transporters, forwarders. */
export function vendorRoutes(deps: AppDeps) {
  const { db } = deps
  const assertNameFree = async (companyId: string, name: string, exceptId?: string) => {
    let query = db.selectFrom('vendors').select('id').where('company_id', '=', companyId).where('name', '=', name)
    if (exceptId) query = query.where('id', '!=', exceptId)
    if (await query.executeTakeFirst())
      throw new AppError('conflict', `There is already a vendor named ${name}.`, 'name')
  }
  return new Hono<AppEnv>()
    .use(requireScreen(db, 'Vendor Management'))
    .get('/', async (c) => {
      const viewer = requireViewer(c)
      const vendors = await db
        .selectFrom('vendors')
        .select(vendorColumns)
        .where('company_id', '=', viewer.companyId)
        .orderBy('active', 'desc')
        .orderBy('type')
        .orderBy('name')
        .execute()
      return c.json({ vendors: vendors.map((vendor) => ({ ...vendor, direct_drop: isDirectDrop(vendor.name) })) })
    })
    .post('/', idempotent(deps), validate('json', vendorInputSchema), async (c) => {
      const viewer = requireViewer(c)
      const input = c.req.valid('json')
      await assertNameFree(viewer.companyId, input.name)
      const vendor = await db
        .insertInto('vendors')
        .values({ company_id: viewer.companyId, ...input, active: input.active ?? true })
        .returning(vendorColumns)
        .executeTakeFirstOrThrow()
      await recordAudit(db, {
        action: 'vendor.created',
        companyId: viewer.companyId,
        actorUserId: viewer.userId,
        target: `vendor:${vendor.id}`,
        ip: c.get('clientIp'),
      })
      return c.json({ vendor }, 201)
    })
    .patch('/:vendorId', validate('json', vendorInputSchema), async (c) => {
      const viewer = requireViewer(c)
      const vendorId = uuidParam(c.req.param('vendorId'), 'No such vendor.')
      const input = c.req.valid('json')
      await assertNameFree(viewer.companyId, input.name, vendorId)
      const vendor = await db
        .updateTable('vendors')
        .set({ ...input, updated_at: new Date() })
        .where('company_id', '=', viewer.companyId)
        .where('id', '=', vendorId)
        .returning(vendorColumns)
        .executeTakeFirst()
      if (!vendor) throw notFound('No such vendor.')
      await recordAudit(db, {
        action: input.active === false ? 'vendor.deactivated' : 'vendor.updated',
        companyId: viewer.companyId,
        actorUserId: viewer.userId,
        target: `vendor:${vendor.id}`,
        ip: c.get('clientIp'),
      })
      return c.json({ vendor })
    })
}

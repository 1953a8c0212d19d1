import { isDirectDrop } from '../../../domain/vendors/vendor'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { insertVendor, isVendorNameTaken, selectVendors, updateVendor, type VendorFields } from './repository'

async function assertNameFree({ db }: AppDeps, companyId: string, name: string, exceptId?: string) {
  if (await isVendorNameTaken(db, companyId, name, exceptId))
    throw new AppError('conflict', `There is already a vendor named ${name}.`, 'name')
}

export async function listVendors({ db }: AppDeps, viewer: Viewer) {
  const vendors = await selectVendors(db, viewer.companyId)
  return vendors.map((vendor) => ({ ...vendor, direct_drop: isDirectDrop(vendor.name) }))
}

export async function createVendor(deps: AppDeps, viewer: Viewer, input: VendorFields, ip: string) {
  await assertNameFree(deps, viewer.companyId, input.name)
  const vendor = await insertVendor(deps.db, viewer.companyId, input)
  await recordAudit(deps.db, {
    action: 'vendor.created',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `vendor:${vendor.id}`,
    ip,
  })
  return vendor
}

export async function changeVendor(deps: AppDeps, viewer: Viewer, vendorId: string, input: VendorFields, ip: string) {
  await assertNameFree(deps, viewer.companyId, input.name, vendorId)
  const vendor = await updateVendor(deps.db, viewer.companyId, vendorId, input)
  if (!vendor) throw notFound('No such vendor.')
  await recordAudit(deps.db, {
    action: input.active === false ? 'vendor.deactivated' : 'vendor.updated',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `vendor:${vendor.id}`,
    ip,
  })
  return vendor
}

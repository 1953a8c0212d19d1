import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { vendorInputSchema } from '../../../domain/vendors/vendor'
import type { DB } from '../../db/schema'

/** A vendor's fields as the form's schema leaves them (blanks as null). */
export type VendorFields = z.output<typeof vendorInputSchema>

const vendorColumns = ['id', 'name', 'type', 'address', 'phone', 'email', 'active'] as const

/** The company's vendors, active first, by type and name. */
export function selectVendors(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('vendors')
    .select(vendorColumns)
    .where('company_id', '=', companyId)
    .orderBy('active', 'desc')
    .orderBy('type')
    .orderBy('name')
    .execute()
}

/** Whether another vendor of the company already has the name. */
export async function isVendorNameTaken(db: Kysely<DB>, companyId: string, name: string, exceptId?: string) {
  let query = db.selectFrom('vendors').select('id').where('company_id', '=', companyId).where('name', '=', name)
  if (exceptId) query = query.where('id', '!=', exceptId)
  return Boolean(await query.executeTakeFirst())
}

export function insertVendor(db: Kysely<DB>, companyId: string, input: VendorFields) {
  return db
    .insertInto('vendors')
    .values({ company_id: companyId, ...input, active: input.active ?? true })
    .returning(vendorColumns)
    .executeTakeFirstOrThrow()
}

export function updateVendor(db: Kysely<DB>, companyId: string, vendorId: string, input: VendorFields) {
  return db
    .updateTable('vendors')
    .set({ ...input, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', vendorId)
    .returning(vendorColumns)
    .executeTakeFirst()
}

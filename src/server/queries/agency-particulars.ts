import type { Queryable } from '../db/queryable'

// What invoices and statements print about the agency (issue 41), as its admin set them.

export type AgencyParticulars = { name: string; address: string | null; phone: string | null; remitTo: string | null }

export async function agencyParticulars(db: Queryable, companyId: string): Promise<AgencyParticulars> {
  const row = await db
    .selectFrom('companies')
    .select(['name', 'address', 'phone', 'remit_to'])
    .where('id', '=', companyId)
    .executeTakeFirst()
  if (!row) return { name: 'Recovery Desk', address: null, phone: null, remitTo: null }
  return { name: row.name, address: row.address, phone: row.phone, remitTo: row.remit_to }
}

import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/** What invoices and statements print about the agency (issue 41). */
export function findCompanySettings(db: Db, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['name', 'address', 'phone', 'remit_to'])
    .where('id', '=', companyId)
    .executeTakeFirst()
}

export function lockCompanySettings(db: Transaction<DB>, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['name', 'address', 'phone', 'remit_to'])
    .where('id', '=', companyId)
    .forUpdate()
    .executeTakeFirst()
}

export function updateCompanySettings(
  db: Transaction<DB>,
  companyId: string,
  settings: { name: string; address: string | null; phone: string | null; remit_to: string | null },
) {
  return db.updateTable('companies').set(settings).where('id', '=', companyId).execute()
}

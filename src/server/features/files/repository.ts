import type { Insertable, Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

const COLUMNS = [
  'id',
  'kind',
  'format',
  'content_type',
  'file_name',
  'size_bytes',
  'width',
  'height',
  'taken_at',
  'has_thumbnail',
  'created_at',
] as const

export type StoredFileRow = Awaited<ReturnType<typeof fileById>> & {}

export async function fileById(db: Db, companyId: string, id: string) {
  return db
    .selectFrom('stored_files')
    .select([...COLUMNS])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function fileByContent(db: Db, companyId: string, sha256: string) {
  return db
    .selectFrom('stored_files')
    .select([...COLUMNS])
    .where('company_id', '=', companyId)
    .where('sha256', '=', sha256)
    .executeTakeFirst()
}

export type NewStoredFile = Insertable<DB['stored_files']>

/** Stores the row; null when the same bytes were stored meanwhile (the caller reads that one). */
export async function insertFile(db: Db, row: NewStoredFile) {
  return db
    .insertInto('stored_files')
    .values(row)
    .onConflict((conflict) => conflict.columns(['company_id', 'sha256']).doNothing())
    .returning([...COLUMNS])
    .executeTakeFirst()
}

export async function filesByIds(db: Db, companyId: string, ids: string[]) {
  if (ids.length === 0) return []
  return db
    .selectFrom('stored_files')
    .select([...COLUMNS])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute()
}

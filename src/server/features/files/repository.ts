import { type Insertable, type Kysely, sql, type Transaction } from 'kysely'
import type { RecordKind } from '../../../domain/auth/record-screens'
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
  'latitude',
  'longitude',
  'metadata_removed',
  'uploaded_by_profile_id',
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

/**
 * The records of the company that hold a file (a condition report's photo or damage, a property
 * item's photo, a notice's proof), each with its case; each found by the file id's index.
 */
export async function fileHolders(db: Db, companyId: string, fileId: string) {
  const { rows } = await sql<{ kind: RecordKind; case_key: string }>`
    select 'condition_report' as kind, r.case_key from condition_report_photos p
      join condition_reports r on r.id = p.report_id where p.file_id = ${fileId} and r.company_id = ${companyId}
    union all
    select 'condition_report', r.case_key from condition_report_damages d
      join condition_reports r on r.id = d.report_id where d.file_id = ${fileId} and r.company_id = ${companyId}
    union all
    select 'property', i.case_key from property_items p
      join property_inventories i on i.id = p.inventory_id where p.file_id = ${fileId} and i.company_id = ${companyId}
    union all
    select 'property', i.case_key from property_notices n
      join property_inventories i on i.id = n.inventory_id where n.proof_file_id = ${fileId} and i.company_id = ${companyId}
  `.execute(db)
  return rows
}

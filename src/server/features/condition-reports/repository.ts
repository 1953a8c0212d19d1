import { type Kysely, sql, type Transaction } from 'kysely'
import type { ReportDraft } from '../../../domain/condition/report'
import type { DB } from '../../db/schema'

export { type CaseTarget, recoveredCase as reportCase } from '../../queries/recovered-case'

type Db = Kysely<DB> | Transaction<DB>

export async function reportsOfCase(db: Db, companyId: string, caseKey: string) {
  return db
    .selectFrom('condition_reports as r')
    .leftJoin('profiles as p', 'p.id', 'r.accepted_by_profile_id')
    .selectAll('r')
    .select(sql<string | null>`nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '')`.as('accepted_by'))
    .where('r.company_id', '=', companyId)
    .where('r.case_key', '=', caseKey)
    .orderBy('r.version', 'desc')
    .execute()
}
export type ReportRow = Awaited<ReturnType<typeof reportsOfCase>>[number]

export async function reportById(db: Db, companyId: string, reportId: string) {
  return db
    .selectFrom('condition_reports')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', reportId)
    .executeTakeFirst()
}

export async function partsOf(db: Db, reportIds: string[]) {
  if (reportIds.length === 0) return { photos: [], damages: [] }
  const [photos, damages] = await Promise.all([
    db.selectFrom('condition_report_photos').selectAll().where('report_id', 'in', reportIds).execute(),
    db
      .selectFrom('condition_report_damages')
      .selectAll()
      .where('report_id', 'in', reportIds)
      .orderBy('position')
      .execute(),
  ])
  return { photos, damages }
}

/** A new version: empty, or a copy of the accepted one it amends. */
export async function insertVersion(
  trx: Transaction<DB>,
  companyId: string,
  target: { caseKey: string; orderId: string | null; rdnCaseId: string | null },
  profileId: string,
  copyOf: ReportRow | undefined,
) {
  const { id } = await trx
    .insertInto('condition_reports')
    .values({
      company_id: companyId,
      case_key: target.caseKey,
      order_id: target.orderId,
      rdn_case_id: target.rdnCaseId,
      version: (copyOf?.version ?? 0) + 1,
      odometer: copyOf?.odometer ?? null,
      keys_present: copyOf?.keys_present ?? null,
      key_type: copyOf?.key_type ?? null,
      drivable: copyOf?.drivable ?? null,
      notes: copyOf?.notes ?? null,
      created_by_profile_id: profileId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (copyOf) {
    await sql`insert into condition_report_photos (report_id, slot, file_id)
      select ${id}, slot, file_id from condition_report_photos where report_id = ${copyOf.id}`.execute(trx)
    await sql`insert into condition_report_damages (report_id, position, area, description, file_id)
      select ${id}, position, area, description, file_id from condition_report_damages where report_id = ${copyOf.id}`.execute(
      trx,
    )
  }
  return id
}

export async function writeDraft(trx: Transaction<DB>, reportId: string, draft: ReportDraft) {
  await trx
    .updateTable('condition_reports')
    .set({
      odometer: draft.odometer,
      keys_present: draft.keysPresent,
      key_type: draft.keysPresent ? draft.keyType : null,
      drivable: draft.drivable,
      notes: draft.notes,
      updated_at: sql`now()`,
    })
    .where('id', '=', reportId)
    .execute()
  await trx.deleteFrom('condition_report_photos').where('report_id', '=', reportId).execute()
  await trx.deleteFrom('condition_report_damages').where('report_id', '=', reportId).execute()
  const photos = [...new Map(draft.photos.map((photo) => [photo.slot, photo])).values()]
  if (photos.length)
    await trx
      .insertInto('condition_report_photos')
      .values(photos.map((photo) => ({ report_id: reportId, slot: photo.slot, file_id: photo.fileId })))
      .execute()
  if (draft.damages.length)
    await trx
      .insertInto('condition_report_damages')
      .values(
        draft.damages.map((damage, position) => ({
          report_id: reportId,
          position,
          area: damage.area,
          description: damage.description,
          file_id: damage.fileId,
        })),
      )
      .execute()
}

/** Accepts the draft; false when it is no longer a draft (accepted meanwhile). */
export async function markAccepted(trx: Transaction<DB>, reportId: string, profileId: string) {
  const result = await trx
    .updateTable('condition_reports')
    .set({ status: 'accepted', accepted_by_profile_id: profileId, accepted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', reportId)
    .where('status', '=', 'draft')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The company's images among these files. */
export async function companyImages(db: Db, companyId: string, fileIds: string[]) {
  if (fileIds.length === 0) return new Set<string>()
  const rows = await db
    .selectFrom('stored_files')
    .select('id')
    .where('company_id', '=', companyId)
    .where('kind', '=', 'image')
    .where('id', 'in', fileIds)
    .execute()
  return new Set(rows.map((row) => row.id))
}

import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../db/schema'
import { badRequest } from '../http/app-error'

type Db = Kysely<DB> | Transaction<DB>

export const PHOTO_NOT_IMAGE = 'Photo must be an image (JPEG, PNG or WebP) uploaded to this company.'

/** Refuses (400 naming `field`) a photo id that is not an image the company holds (issue 44's evidence). */
export async function checkEvidencePhoto(db: Db, companyId: string, photoFileId: string | undefined, field: string) {
  if (!photoFileId) return
  const file = await db
    .selectFrom('stored_files')
    .select('kind')
    .where('company_id', '=', companyId)
    .where('id', '=', photoFileId)
    .executeTakeFirst()
  if (file?.kind !== 'image') throw badRequest(PHOTO_NOT_IMAGE, field)
}

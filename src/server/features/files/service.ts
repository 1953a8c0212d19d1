import { createHash, randomUUID } from 'node:crypto'
import { mayOpenFile } from '../../../domain/auth/record-screens'
import { cleanFileName, MAX_FILE_BYTES } from '../../../domain/files/file-rules'
import type { AppDeps, Viewer } from '../../app-env'
import { checkUpload, withoutMetadata } from '../../file-store/upload-check'
import { notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { makeThumbnail } from './inspect'
import { fileByContent, fileById, fileHolders, insertFile } from './repository'

export const FILE_NOT_FOUND = 'File not found.'

type Row = NonNullable<Awaited<ReturnType<typeof fileById>>>

const objectKey = (companyId: string, id: string, variant: 'original' | 'thumbnail') =>
  `${companyId}/${id}${variant === 'thumbnail' ? '.thumb' : ''}`

/** A file as the records that hold it show it: when and where a photo was taken included. */
export function fileView(row: Row) {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    contentType: row.content_type,
    fileName: row.file_name,
    sizeBytes: row.size_bytes,
    width: row.width,
    height: row.height,
    takenAt: row.taken_at?.toISOString() ?? null,
    latitude: row.latitude,
    longitude: row.longitude,
    url: `/api/files/${row.id}`,
    thumbnailUrl: row.has_thumbnail ? `/api/files/${row.id}/thumbnail` : null,
    createdAt: row.created_at.toISOString(),
  }
}

export type FileView = ReturnType<typeof fileView>

/**
 * Stores a photo or document checked by its content (an image stored upright and without its
 * metadata, its EXIF time and position kept on the row), with a thumbnail of an image. The same
 * bytes twice are one file (a double tap or a retry answers with the first).
 */
export async function uploadFile(
  deps: AppDeps,
  viewer: Viewer,
  upload: { bytes: Uint8Array; fileName: string | undefined },
  ip: string | null,
): Promise<FileView> {
  const checked = await checkUpload(upload.bytes, { field: 'file', maxBytes: MAX_FILE_BYTES })
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex')
  const existing = await fileByContent(deps.db, viewer.companyId, sha256)
  if (existing) return fileView(existing)
  const id = randomUUID()
  const thumbnail = checked.kind === 'image' ? await makeThumbnail(checked.bytes) : null
  await deps.fileStore.put(objectKey(viewer.companyId, id, 'original'), checked.bytes, checked.contentType)
  if (thumbnail) await deps.fileStore.put(objectKey(viewer.companyId, id, 'thumbnail'), thumbnail, 'image/webp')
  const row = await insertFile(deps.db, {
    id,
    company_id: viewer.companyId,
    kind: checked.kind,
    format: checked.format,
    content_type: checked.contentType,
    file_name: cleanFileName(upload.fileName, checked.format),
    size_bytes: checked.bytes.length,
    width: checked.width,
    height: checked.height,
    taken_at: checked.takenAt,
    latitude: checked.latitude,
    longitude: checked.longitude,
    metadata_removed: true,
    sha256,
    has_thumbnail: thumbnail !== null,
    uploaded_by_profile_id: viewer.profileId,
  })
  if (!row) {
    // The same bytes arrived at once from another request: keep that one, drop these copies.
    await deps.fileStore.delete(objectKey(viewer.companyId, id, 'original'))
    if (thumbnail) await deps.fileStore.delete(objectKey(viewer.companyId, id, 'thumbnail'))
    const winner = await fileByContent(deps.db, viewer.companyId, sha256)
    if (!winner) throw notFound(FILE_NOT_FOUND)
    return fileView(winner)
  }
  await recordAudit(deps.db, {
    action: 'file.uploaded',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `file:${id}`,
    detail: { format: checked.format, sizeBytes: checked.bytes.length },
    ip,
  })
  return fileView(row)
}

/**
 * A file's bytes for a person of its company whose role may open a record that holds it (or who
 * uploaded it, while nothing holds it yet); anyone else: not found. Each original sent is audited
 * under the case it belongs to.
 */
export async function fileContent(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  variant: 'original' | 'thumbnail',
  ip: string | null,
) {
  const row = await fileById(deps.db, viewer.companyId, id)
  if (!row || (variant === 'thumbnail' && !row.has_thumbnail)) throw notFound(FILE_NOT_FOUND)
  const holders = await fileHolders(deps.db, viewer.companyId, id)
  const uploadedByViewer = row.uploaded_by_profile_id === viewer.profileId
  if (!mayOpenFile(viewer.role, [...new Set(holders.map((holder) => holder.kind))], uploadedByViewer))
    throw notFound(FILE_NOT_FOUND)
  const stored = await deps.fileStore.get(objectKey(viewer.companyId, id, variant))
  if (!stored) throw notFound(FILE_NOT_FOUND)
  const bytes =
    variant === 'original' && row.kind === 'image' && !row.metadata_removed ? await withoutMetadata(stored) : stored
  if (variant === 'original') {
    await recordAudit(deps.db, {
      action: 'file.downloaded',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `file:${id}`,
      detail: { fileName: row.file_name },
      ip,
      caseKey: holders[0]?.case_key ?? null,
    })
  }
  return {
    bytes,
    contentType: variant === 'thumbnail' ? 'image/webp' : row.content_type,
    fileName: row.file_name,
  }
}

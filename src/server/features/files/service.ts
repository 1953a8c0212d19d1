import { createHash, randomUUID } from 'node:crypto'
import { cleanFileName, FILE_FORMATS } from '../../../domain/files/file-rules'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../lib/app-error'
import { recordAudit } from '../../lib/audit'
import { inspectFile, makeThumbnail } from './inspect'
import { fileByContent, fileById, insertFile } from './repository'

export const FILE_NOT_FOUND = 'File not found.'

type Row = NonNullable<Awaited<ReturnType<typeof fileById>>>

const objectKey = (companyId: string, id: string, variant: 'original' | 'thumbnail') =>
  `${companyId}/${id}${variant === 'thumbnail' ? '.thumb' : ''}`

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
    url: `/api/files/${row.id}`,
    thumbnailUrl: row.has_thumbnail ? `/api/files/${row.id}/thumbnail` : null,
    createdAt: row.created_at.toISOString(),
  }
}
export type FileView = ReturnType<typeof fileView>

/**
 * Stores a photo or document checked by its content, with a thumbnail of an image. The same bytes
 * twice are one file (a double tap or a retry answers with the first).
 */
export async function uploadFile(
  deps: AppDeps,
  viewer: Viewer,
  upload: { bytes: Uint8Array; fileName: string | undefined },
  ip: string | null,
): Promise<FileView> {
  const inspected = await inspectFile(upload.bytes)
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex')
  const existing = await fileByContent(deps.db, viewer.companyId, sha256)
  if (existing) return fileView(existing)
  const format = FILE_FORMATS[inspected.format]
  const id = randomUUID()
  const thumbnail = format.kind === 'image' ? await makeThumbnail(upload.bytes) : null
  await deps.fileStore.put(objectKey(viewer.companyId, id, 'original'), upload.bytes, format.contentType)
  if (thumbnail) await deps.fileStore.put(objectKey(viewer.companyId, id, 'thumbnail'), thumbnail, 'image/webp')
  const row = await insertFile(deps.db, {
    id,
    company_id: viewer.companyId,
    kind: format.kind,
    format: inspected.format,
    content_type: format.contentType,
    file_name: cleanFileName(upload.fileName, inspected.format),
    size_bytes: upload.bytes.length,
    width: inspected.width,
    height: inspected.height,
    taken_at: inspected.takenAt,
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
    detail: { format: inspected.format, sizeBytes: upload.bytes.length },
    ip,
  })
  return fileView(row)
}

/** A file's bytes for a signed-in person of its company (anyone else: not found). */
export async function fileContent(deps: AppDeps, viewer: Viewer, id: string, variant: 'original' | 'thumbnail') {
  const row = await fileById(deps.db, viewer.companyId, id)
  if (!row || (variant === 'thumbnail' && !row.has_thumbnail)) throw notFound(FILE_NOT_FOUND)
  const bytes = await deps.fileStore.get(objectKey(viewer.companyId, id, variant))
  if (!bytes) throw notFound(FILE_NOT_FOUND)
  return {
    bytes,
    contentType: variant === 'thumbnail' ? 'image/webp' : row.content_type,
    fileName: row.file_name,
  }
}

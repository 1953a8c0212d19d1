import type { Generated } from 'kysely'
import type { FileFormat, FileKind } from '../../../domain/files/file-rules'
import type { CreatedAt, Defaulted, Timestamp } from './columns'

/** A photo or document (migration 033); its bytes are in the file store. */
export type StoredFilesTable = {
  id: Generated<string>
  company_id: string
  kind: FileKind
  format: FileFormat
  content_type: string
  file_name: string
  size_bytes: number
  width: number | null
  height: number | null
  taken_at: Timestamp | null
  sha256: string
  has_thumbnail: Defaulted<boolean>
  uploaded_by_profile_id: string | null
  created_at: CreatedAt
}

import type { z } from 'zod'
import type { Screen } from '../../../domain/auth'
import type { ExportColumnType, ExportValue } from '../../../domain/exports/cells'
import type { AppDeps, Viewer } from '../../app-env'

/** One column of an export: its header, what it holds, and how to read it from a row. */
export type ExportColumn<Row> = {
  header: string
  type: ExportColumnType
  value: (row: Row) => ExportValue
  /** Width in characters in the XLSX (a guess is fine; the text column default is 16). */
  width?: number
}

/** What a list's row source gets: the signed-in person, the list's own filters, the batch size. */
export type ExportContext<Query> = {
  deps: AppDeps
  viewer: Viewer
  query: Query
  batchSize: number
}

/**
 * A list that can be exported: the screen permission of the list it mirrors, the zod schema of
 * that list's own filters (its query string), the columns, and a source that yields the rows in
 * batches (keyset-paginated in the database: see keysetBatches) with the same company and
 * dashboard scoping as the list.
 */
export type ExportList<Query, Row> = {
  /** The URL segment (/api/exports/<name>) and the start of the file name. */
  name: string
  /** The XLSX sheet's name (at most 31 characters). */
  title: string
  screen: Screen | readonly Screen[]
  query: z.ZodType<Query>
  columns: ExportColumn<Row>[]
  rows: (context: ExportContext<Query>) => AsyncIterable<Row[]>
}

/**
 * Keeps a list's Query and Row types tied together where it is written, then forgets them for the
 * registry. Write `rows` before `columns` (the row type is inferred from the source), or give both
 * types: `defineExportList<Query, Row>({...})`.
 */
export function defineExportList<Query, Row>(
  list: Omit<ExportList<Query, Row>, 'columns'> & { columns: ExportColumn<NoInfer<Row>>[] },
): AnyExportList {
  return list as unknown as AnyExportList
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds lists of many row and query types
export type AnyExportList = ExportList<any, any>

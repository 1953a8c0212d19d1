import { z } from 'zod'
import { EXPORT_FORMATS, type ExportFormat, exportFileName } from '../../../domain/exports/cells'
import { agencyToday } from '../../../domain/formats/agency-time'
import type { AppDeps, Viewer } from '../../app-env'
import { currentStatementContext, isAbandoned, withoutCancellation } from '../../db/statement-context'
import { badRequest, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import type { AnyExportList } from './list-definition'
import { EXPORT_LISTS } from './registry'
import { CONTENT_TYPES, createExportOutput, createWriter, ExportAborted } from './writers'

/**
 * Rows read from the database per query: big enough to be quick (a keyset page is an index range),
 * small enough that a batch dies young in the garbage collector rather than piling up in old space.
 */
export const EXPORT_BATCH_SIZE = 1_000

const formatSchema = z.enum(EXPORT_FORMATS, 'must be csv or xlsx')

export type QueryValues = Record<string, string | string[]>

/** The list a name stands for, or 404. */
export function findExportList(name: string): AnyExportList {
  const list = Object.hasOwn(EXPORT_LISTS, name) ? EXPORT_LISTS[name] : undefined
  if (!list) throw notFound('There is no such list to export.')
  return list
}

/** The format and the list's own filters from the query string, or a 400 naming the field. */
export function parseExportRequest(list: AnyExportList, values: QueryValues) {
  const { format: rawFormat, ...filters } = values
  const format = formatSchema.safeParse(rawFormat ?? 'csv')
  if (!format.success) throw badRequest('format: must be csv or xlsx', 'format')
  const query = list.query.safeParse(filters)
  if (!query.success) {
    const issue = query.error.issues[0]
    const field = issue?.path.join('.') || undefined
    throw badRequest(issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid filters.', field)
  }
  return { format: format.data as ExportFormat, query: query.data, filters }
}

export type ExportResponse = { fileName: string; contentType: string; body: ReadableStream<Uint8Array> }

/**
 * Streams one list, filtered as the person filtered it, as CSV or XLSX. The screen permission is
 * checked by the route (the list's own); the row source scopes to the company and the
 * dashboard's own scope. The first batch is read before answering, so a failing query is still
 * an error status; then batches follow as fast as the client takes them, and stop when it goes.
 * An audit row says who exported which list with which filters, and how many rows left.
 */
export async function startExport(
  deps: AppDeps,
  viewer: Viewer,
  list: AnyExportList,
  request: { format: ExportFormat; query: unknown; filters: QueryValues },
  options: { ip?: string; batchSize?: number } = {},
): Promise<ExportResponse> {
  const batches = list.rows({ deps, viewer, query: request.query, batchSize: options.batchSize ?? EXPORT_BATCH_SIZE })
  const iterator = batches[Symbol.asyncIterator]()
  const first = await iterator.next()
  const { out, body } = createExportOutput()
  const writer = createWriter(request.format, out, list.columns, list.title)
  const pump = async () => {
    let rows = 0
    let completed = false
    try {
      for (let next = first; !next.done; next = await iterator.next()) {
        await writer.writeBatch(next.value)
        rows += next.value.length
      }
      completed = true
    } catch (error) {
      await iterator.return?.(undefined)
      writer.abort()
      // The client left: the writer noticed, or the batch being read was cancelled (statement-context.ts).
      const clientLeft = error instanceof ExportAborted || isAbandoned(currentStatementContext())
      if (!clientLeft) deps.logger.error({ err: error, list: list.name }, 'Export failed')
    }
    // Recorded before the file ends, so whoever has the whole file finds it on the log; also
    // when its client left (then its statements are cancelled, but not this one).
    await withoutCancellation(() =>
      recordAudit(deps.db, {
        action: 'list.exported',
        companyId: viewer.companyId,
        actorUserId: viewer.userId,
        target: `export:${list.name}`,
        detail: { list: list.name, format: request.format, filters: request.filters, rows, completed },
        ip: options.ip,
      }),
    ).catch((error) => deps.logger.error({ err: error, list: list.name }, 'Export audit failed'))
    if (completed) {
      await writer.finish().catch((error) => {
        deps.logger.error({ err: error, list: list.name }, 'Export failed to finish')
        writer.abort()
      })
    }
  }
  void pump()
  const day = agencyToday()
  return {
    fileName: exportFileName(list.name, request.format, day),
    contentType: CONTENT_TYPES[request.format],
    body,
  }
}

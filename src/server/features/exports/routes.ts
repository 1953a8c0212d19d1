import { Hono } from 'hono'
import { contentDisposition } from '../../../domain/files/content-disposition'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { findExportList, parseExportRequest, type QueryValues, startExport } from './service'

/** The query string as the list schemas read it: a repeated key as a list, a single one as text. */
function queryValues(queries: Record<string, string[]>): QueryValues {
  return Object.fromEntries(
    Object.entries(queries).map(([key, values]) => [key, values.length === 1 ? values[0] : values]),
  )
}

/** GET /api/exports/<list>?format=csv|xlsx&<the list's own filters>: the file, streamed. */
export function exportRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/:list', async (c) => {
    requireViewer(c)
    const list = findExportList(c.req.param('list'))
    // The very guard of the list the export mirrors: refused and audited the same way.
    await requireScreen(deps.db, list.screen)(c, async () => {})
    const request = parseExportRequest(list, queryValues(c.req.queries()))
    const file = await startExport(deps, requireViewer(c), list, request, { ip: c.get('clientIp') })
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': contentDisposition('attachment', file.fileName),
      'X-Content-Type-Options': 'nosniff',
    })
  })
}

import { Hono } from 'hono'
import { FILE_MESSAGES, MAX_FILE_BYTES } from '../../../domain/files/file-rules'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireViewer } from '../../auth/viewer'
import { limitBody } from '../../http/body-limit'
import { fileResponse } from '../../http/file-response'
import { uuidParam } from '../../http/uuid-param'
import { FILE_NOT_FOUND, fileContent, uploadFile } from './service'

const fileId = (value: string) => uuidParam(value, FILE_NOT_FOUND)

/** A file name sent in a header, percent-encoded by the browser. */
function headerFileName(value: string | undefined) {
  if (!value) return undefined
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** Photos and documents (issue 20): uploaded as the raw body, served only to the company's signed-in people. */
export function fileRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/', limitBody(MAX_FILE_BYTES + 1024, FILE_MESSAGES.tooLarge, 'file'), async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer())
      const fileName = headerFileName(c.req.header('X-File-Name'))
      return c.json({ file: await uploadFile(deps, requireViewer(c), { bytes, fileName }, c.get('clientIp')) }, 201)
    })
    .get('/:fileId', async (c) =>
      fileResponse(
        await fileContent(deps, requireViewer(c), fileId(c.req.param('fileId')), 'original', c.get('clientIp')),
        c.req.query('download') === '1' ? 'attachment' : 'inline',
      ),
    )
    .get('/:fileId/thumbnail', async (c) =>
      fileResponse(
        await fileContent(deps, requireViewer(c), fileId(c.req.param('fileId')), 'thumbnail', c.get('clientIp')),
        'inline',
      ),
    )
}

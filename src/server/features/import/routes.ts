import { Hono } from 'hono'
import { stream } from 'hono/streaming'
import { z } from 'zod'
import { CLEAR_ALL_CONFIRMATION } from '../../../domain/import/clear-confirmation'
import { importReadiness } from '../../../domain/import/headers'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { badRequest } from '../../http/app-error'
import { limitBody } from '../../http/body-limit'
import { validate } from '../../http/validate'
import { clearCompanyOrders, countActiveClients } from './clear'
import { importOrders } from './service'

/** A paste of a few hundred thousand rows fits; more is refused before it is read. */
const MAX_IMPORT_BYTES = 100 * 1024 * 1024
export const IMPORT_FAILED_MESSAGE = 'An error occurred during import. Please try again.'

const importBody = z.object({
  text: z.string('Paste the CSV data.'),
  settings: z.object({
    skipDuplicates: z.boolean(),
    autoCreateClients: z.boolean(),
    randomizeNames: z.boolean(),
  }),
})

/** Clearing every order is never one stray request: the body says so, in the screen's words. */
const clearBody = z.object(
  {
    confirm: z.literal(CLEAR_ALL_CONFIRMATION, {
      error: `Confirm with "${CLEAR_ALL_CONFIRMATION}" to delete all orders.`,
    }),
  },
  { error: `Confirm with "${CLEAR_ALL_CONFIRMATION}" to delete all orders.` },
)

/**
 * Data Import (SPEC.md sections 2, 5): admin and manager only (the spec leaves it open; we close it).
 * The import answers with newline-delimited JSON: progress lines as batches commit, then the result.
 */
export function importRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Data Import'))
    .get('/clients', async (c) => c.json({ count: await countActiveClients(deps.db, requireViewer(c)) }))
    .post(
      '/orders',
      limitBody(MAX_IMPORT_BYTES, 'The paste is larger than 100 MB; import it in parts.'),
      validate('json', importBody),
      (c) => {
        const viewer = requireViewer(c)
        const { text, settings } = c.req.valid('json')
        const readiness = importReadiness(text)
        if (!readiness.ready) throw badRequest(readiness.reason, 'text')
        c.header('Content-Type', 'application/x-ndjson; charset=utf-8')
        return stream(c, async (out) => {
          const send = async (event: object) => {
            await out.write(`${JSON.stringify(event)}\n`)
          }
          try {
            const result = await importOrders(
              deps.db,
              viewer,
              text,
              settings,
              (progress) => send({ type: 'progress', ...progress }),
              c.get('clientIp'),
            )
            await send({ type: 'done', ...result })
            // The new orders are searchable at once (read from the queue); indexing them follows.
            void deps.orderSearch.kick()
          } catch (error) {
            deps.logger.error({ err: error }, 'Import failed')
            await send({ type: 'failed', message: IMPORT_FAILED_MESSAGE })
          }
        })
      },
    )
    .delete('/orders', validate('json', clearBody), async (c) =>
      c.json(await clearCompanyOrders(deps.db, requireViewer(c), c.get('clientIp'))),
    )
}

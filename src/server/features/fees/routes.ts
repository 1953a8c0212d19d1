import { Hono } from 'hono'
import { rateCardInputSchema, rateCardVersionInputSchema } from '../../../domain/billing/rate-card-input'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { limitBody } from '../../http/body-limit'
import { idempotent } from '../../http/idempotency'
import { caseIdParam, uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { RATE_SHEET_MAX_BYTES, xlsxToSheetText } from './rate-sheet-file'
import {
  addRateCardVersion,
  createRateCard,
  feeCatalog,
  ORDER_NOT_FOUND,
  priceOrder,
  priceRdnCase,
  RATE_CARD_NOT_FOUND,
  rateCard,
  rateCards,
} from './service'

const cardId = (value: string) => uuidParam(value, RATE_CARD_NOT_FOUND)

/** Fee Schedules (admin and manager): the fee catalog, clients' rate cards, and pricing a case. */
export function feeRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireScreen(deps.db, 'Fee Schedules'))
      .get('/catalog', (c) => c.json({ feeTypes: feeCatalog() }))
      .get('/rate-cards', async (c) => c.json({ rateCards: await rateCards(deps, requireViewer(c)) }))
      .post('/rate-cards', idempotent(deps), validate('json', rateCardInputSchema), async (c) =>
        c.json({ rateCard: await createRateCard(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp')) }, 201),
      )
      .get('/rate-cards/:cardId', async (c) =>
        c.json({ rateCard: await rateCard(deps, requireViewer(c), cardId(c.req.param('cardId'))) }),
      )
      .post(
        '/rate-cards/:cardId/versions',
        idempotent(deps),
        validate('json', rateCardVersionInputSchema),
        async (c) => {
          const { card, versionId } = await addRateCardVersion(
            deps,
            requireViewer(c),
            cardId(c.req.param('cardId')),
            c.req.valid('json'),
            c.get('clientIp'),
          )
          return c.json({ rateCard: card, versionId }, 201)
        },
      )
      // An Excel rate sheet read as text, for the version form's sheet reader (CSV files it reads itself).
      .post('/rate-sheet', limitBody(RATE_SHEET_MAX_BYTES, 'The sheet must be 2 MB or smaller.', 'file'), async (c) =>
        c.json({ text: await xlsxToSheetText(new Uint8Array(await c.req.arrayBuffer())) }),
      )
      .get('/price/cases/:caseId', async (c) =>
        c.json({ price: await priceRdnCase(deps, requireViewer(c), caseIdParam(c.req.param('caseId'))) }),
      )
      .get('/price/orders/:orderId', async (c) =>
        c.json({
          price: await priceOrder(deps, requireViewer(c), uuidParam(c.req.param('orderId'), ORDER_NOT_FOUND)),
        }),
      )
  )
}

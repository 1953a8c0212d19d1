import { Hono } from 'hono'
import { redemptionPaymentSchema } from '../../../domain/redemption/payment'
import { redemptionListQuerySchema } from '../../../domain/redemption/redemption-list'
import {
  releaseAuthorizationSchema,
  releaseCompletionSchema,
  releaseSignerSchema,
} from '../../../domain/redemption/release'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { pdfResponse } from '../../lib/pdf-writer'
import { orderTarget, rdnTarget } from '../../queries/recovered-case'
import { listRedemptions } from './list-service'
import { paymentReceipt } from './payment-receipt'
import { casePayments, PAYMENT_NOT_FOUND, recordRedemptionPayment } from './payment-service'
import { caseRedemptionQuote } from './quote-service'
import { authorizeRelease, caseReleases, completeRelease, RELEASE_NOT_FOUND, transportVendors } from './release-service'
import { requestVehicleReleaseSignature } from './release-signing'

/** Vehicle redemptions (issue 20): the post-recovery manager's, and management's. */
export function redemptionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, ['Vehicle Redemptions', 'Management Dashboard']))
    .get('/', validate('query', redemptionListQuerySchema), async (c) =>
      c.json(await listRedemptions(deps, requireViewer(c), c.req.valid('query'))),
    )
    .get('/transport-vendors', async (c) => c.json(await transportVendors(deps, requireViewer(c))))
    .get('/cases/orders/:orderId/quote', async (c) =>
      c.json(await caseRedemptionQuote(deps, requireViewer(c), orderTarget(c.req.param('orderId')))),
    )
    .get('/cases/rdn/:caseId/quote', async (c) =>
      c.json(await caseRedemptionQuote(deps, requireViewer(c), rdnTarget(c.req.param('caseId')))),
    )
    .get('/cases/orders/:orderId/payments', async (c) =>
      c.json(await casePayments(deps, requireViewer(c), orderTarget(c.req.param('orderId')))),
    )
    .get('/cases/rdn/:caseId/payments', async (c) =>
      c.json(await casePayments(deps, requireViewer(c), rdnTarget(c.req.param('caseId')))),
    )
    .post('/cases/orders/:orderId/payments', idempotent(deps), validate('json', redemptionPaymentSchema), async (c) =>
      c.json(
        await recordRedemptionPayment(
          deps,
          requireViewer(c),
          orderTarget(c.req.param('orderId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
        201,
      ),
    )
    .post('/cases/rdn/:caseId/payments', idempotent(deps), validate('json', redemptionPaymentSchema), async (c) =>
      c.json(
        await recordRedemptionPayment(
          deps,
          requireViewer(c),
          rdnTarget(c.req.param('caseId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
        201,
      ),
    )
    .get('/payments/:paymentId/receipt.pdf', async (c) => {
      const receipt = await paymentReceipt(
        deps,
        requireViewer(c),
        uuidParam(c.req.param('paymentId'), PAYMENT_NOT_FOUND),
      )
      return pdfResponse(receipt.bytes, receipt.fileName)
    })
    .get('/cases/orders/:orderId/releases', async (c) =>
      c.json(await caseReleases(deps, requireViewer(c), orderTarget(c.req.param('orderId')))),
    )
    .get('/cases/rdn/:caseId/releases', async (c) =>
      c.json(await caseReleases(deps, requireViewer(c), rdnTarget(c.req.param('caseId')))),
    )
    .post(
      '/cases/orders/:orderId/releases',
      idempotent(deps),
      validate('json', releaseAuthorizationSchema),
      async (c) =>
        c.json(
          await authorizeRelease(
            deps,
            requireViewer(c),
            orderTarget(c.req.param('orderId')),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
          201,
        ),
    )
    .post('/cases/rdn/:caseId/releases', idempotent(deps), validate('json', releaseAuthorizationSchema), async (c) =>
      c.json(
        await authorizeRelease(
          deps,
          requireViewer(c),
          rdnTarget(c.req.param('caseId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
        201,
      ),
    )
    .post(
      '/releases/:releaseId/signature',
      idempotent(deps, { withhold: ['link'] }),
      validate('json', releaseSignerSchema),
      async (c) =>
        c.json(
          await requestVehicleReleaseSignature(
            deps,
            requireViewer(c),
            uuidParam(c.req.param('releaseId'), RELEASE_NOT_FOUND),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
          201,
        ),
    )
    .post('/releases/:releaseId/complete', idempotent(deps), validate('json', releaseCompletionSchema), async (c) =>
      c.json(
        await completeRelease(
          deps,
          requireViewer(c),
          uuidParam(c.req.param('releaseId'), RELEASE_NOT_FOUND),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      ),
    )
}

import { Hono } from 'hono'
import { EVIDENCE_MAX_BYTES, FEE_REQUEST_STATUSES } from '../../../domain/billing/fee-request-status'
import {
  feeRequestInputSchema,
  feeRequestMoveSchema,
  feeRequestQuerySchema,
  invoiceMoveSchema,
  invoiceQueueQuerySchema,
  invoiceReferencesSchema,
  paymentInputSchema,
  statementQuerySchema,
  storageStopSchema,
} from '../../../domain/billing/invoice-input'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { badRequest } from '../../http/app-error'
import { limitBody } from '../../http/body-limit'
import { fileResponse } from '../../http/file-response'
import { idempotent } from '../../http/idempotency'
import { caseIdParam, uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { pdfResponse } from '../../lib/pdf-writer'
import { aging, CLIENT_NOT_FOUND, statementPage } from './aging-service'
import { invoiceDocument, statementDocument } from './document-service'
import { addEvidence, evidenceFile, evidenceFiles } from './fee-evidence-service'
import {
  createFeeRequest,
  FEE_REQUEST_NOT_FOUND,
  feeRequestCounts,
  feeRequests,
  moveFeeRequest,
} from './fee-request-service'
import { moveInvoice, resubmitInvoice, stopStorage } from './invoice-moves'
import { setInvoiceReferences } from './invoice-references'
import { postPayment } from './payment-service'
import { repriceDraft } from './reprice'
import {
  caseInvoices,
  casesWaitingDraft,
  draftsWaitingReprice,
  INVOICE_NOT_FOUND,
  invoiceDetail,
  invoiceQueue,
  invoiceQueueCounts,
} from './service'

const invoiceId = (value: string) => uuidParam(value, INVOICE_NOT_FOUND)
const requestId = (value: string) => uuidParam(value, FEE_REQUEST_NOT_FOUND)

/** Invoice Management (admin and manager): queues, invoices, payments, fee requests, aging. */
export function invoiceRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Invoice'))
    .get('/summary', async (c) => {
      const viewer = requireViewer(c)
      const queues = await invoiceQueueCounts(deps, viewer)
      return c.json({
        queues,
        feeRequests: await feeRequestCounts(deps, viewer),
        repricing: await draftsWaitingReprice(deps, viewer),
        drafting: await casesWaitingDraft(deps, viewer),
      })
    })
    .get('/', validate('query', invoiceQueueQuerySchema), async (c) => {
      const { queue, page, q } = c.req.valid('query')
      return c.json(await invoiceQueue(deps, requireViewer(c), { queue, page, search: q }))
    })
    .get('/aging', async (c) => c.json(await aging(deps, requireViewer(c))))
    .get('/aging/:clientId', validate('query', statementQuerySchema), async (c) =>
      c.json(
        await statementPage(
          deps,
          requireViewer(c),
          uuidParam(c.req.param('clientId'), CLIENT_NOT_FOUND),
          c.req.valid('query').page,
        ),
      ),
    )
    .get('/aging/:clientId/statement.pdf', async (c) => {
      const file = await statementDocument(deps, requireViewer(c), uuidParam(c.req.param('clientId'), CLIENT_NOT_FOUND))
      return pdfResponse(file.bytes, file.fileName)
    })
    .get('/cases/orders/:orderId', async (c) =>
      c.json(
        await caseInvoices(deps, requireViewer(c), { orderId: uuidParam(c.req.param('orderId'), 'Order not found') }),
      ),
    )
    .get('/cases/rdn/:caseId', async (c) =>
      c.json(await caseInvoices(deps, requireViewer(c), { caseId: caseIdParam(c.req.param('caseId')) })),
    )
    .get('/fee-requests', validate('query', feeRequestQuerySchema), async (c) => {
      const { status, page, orderId, caseId } = c.req.valid('query')
      const target = orderId ? { orderId } : caseId ? { caseId } : null
      const statuses =
        status === 'open' ? (['waiting', 'requested'] as const) : status === 'all' ? FEE_REQUEST_STATUSES : [status]
      return c.json(await feeRequests(deps, requireViewer(c), { statuses, page, target }))
    })
    .post('/fee-requests', idempotent(deps), validate('json', feeRequestInputSchema), async (c) => {
      const { orderId, caseId, ...input } = c.req.valid('json')
      const target = orderId ? { orderId } : { caseId: caseId ?? 0 }
      return c.json(await createFeeRequest(deps, requireViewer(c), { target, ...input }, c.get('clientIp')), 201)
    })
    .post('/fee-requests/:requestId/status', idempotent(deps), validate('json', feeRequestMoveSchema), async (c) =>
      c.json(
        await moveFeeRequest(
          deps,
          requireViewer(c),
          requestId(c.req.param('requestId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      ),
    )
    .get('/fee-requests/:requestId/files', async (c) =>
      c.json({ files: await evidenceFiles(deps, requireViewer(c), requestId(c.req.param('requestId'))) }),
    )
    .post(
      '/fee-requests/:requestId/files',
      limitBody(EVIDENCE_MAX_BYTES + 1024, 'The file must be 10 MB or smaller.', 'file'),
      async (c) => {
        const fileName = decodeFileName(c.req.header('X-File-Name'))
        // The Content-Type the client sends counts for nothing: the upload check reads the bytes.
        const data = new Uint8Array(await c.req.arrayBuffer())
        const file = await addEvidence(
          deps,
          requireViewer(c),
          requestId(c.req.param('requestId')),
          { fileName, data },
          c.get('clientIp'),
        )
        return c.json({ file }, 201)
      },
    )
    .get('/fee-requests/:requestId/files/:fileId', async (c) =>
      fileResponse(
        await evidenceFile(
          deps,
          requireViewer(c),
          requestId(c.req.param('requestId')),
          uuidParam(c.req.param('fileId'), 'No such file.'),
          c.get('clientIp'),
        ),
        'attachment',
      ),
    )
    .get('/:invoiceId', async (c) =>
      c.json({ invoice: await invoiceDetail(deps, requireViewer(c), invoiceId(c.req.param('invoiceId'))) }),
    )
    .get('/:invoiceId/pdf', async (c) => {
      const file = await invoiceDocument(deps, requireViewer(c), invoiceId(c.req.param('invoiceId')))
      return pdfResponse(file.bytes, file.fileName)
    })
    .post('/:invoiceId/status', idempotent(deps), validate('json', invoiceMoveSchema), async (c) =>
      c.json({
        invoice: await moveInvoice(
          deps,
          requireViewer(c),
          invoiceId(c.req.param('invoiceId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      }),
    )
    .put('/:invoiceId/references', validate('json', invoiceReferencesSchema), async (c) =>
      c.json({
        invoice: await setInvoiceReferences(
          deps,
          requireViewer(c),
          invoiceId(c.req.param('invoiceId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      }),
    )
    .post('/:invoiceId/storage-stop', idempotent(deps), validate('json', storageStopSchema), async (c) =>
      c.json({
        invoice: await stopStorage(
          deps,
          requireViewer(c),
          invoiceId(c.req.param('invoiceId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      }),
    )
    .post('/:invoiceId/reprice', idempotent(deps), async (c) =>
      c.json({
        invoice: await repriceDraft(deps, requireViewer(c), invoiceId(c.req.param('invoiceId')), c.get('clientIp')),
      }),
    )
    .post('/:invoiceId/resubmit', idempotent(deps), async (c) =>
      c.json(
        {
          invoice: await resubmitInvoice(
            deps,
            requireViewer(c),
            invoiceId(c.req.param('invoiceId')),
            c.get('clientIp'),
          ),
        },
        201,
      ),
    )
    .post('/:invoiceId/payments', idempotent(deps), validate('json', paymentInputSchema), async (c) =>
      c.json(
        {
          invoice: await postPayment(
            deps,
            requireViewer(c),
            invoiceId(c.req.param('invoiceId')),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
        },
        201,
      ),
    )
}

/** The evidence file's name, sent URI-encoded in X-File-Name. */
function decodeFileName(header: string | undefined) {
  try {
    const name = decodeURIComponent(header ?? '').trim()
    if (!name || name.length > 200) throw new Error('bad name')
    return name
  } catch {
    throw badRequest('Name the file (X-File-Name, at most 200 characters).', 'file')
  }
}

import { Hono } from 'hono'
import { z } from 'zod'
import { DOCUMENT_STATUSES, MAX_SIGNATURE_BYTES } from '../../../domain/compliance/signature'
import { daySchema } from '../../../domain/formats/day'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { limitBody } from '../../http/body-limit'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { createDocument, createDocumentType, listDocuments, listDocumentTypes } from './documents'
import { loadSignatureRequest, submitSignature } from './public-service'
import { createSignatureRequest, revokeSignatureRequest } from './signature-requests'
import { verifySignedRequest } from './verification'

const UUID = z.uuid('Not a valid id.')
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null)
const optionalDate = z
  .union([daySchema, z.literal(''), z.null()])
  .optional()
  .transform((value) => value || null)

const typeBody = z.object({ name: z.string().trim().min(1, 'Enter a name.').max(120), category: optionalText(120) })
const documentBody = z
  .object({
    documentTypeId: UUID,
    effectiveDate: optionalDate,
    expirationDate: optionalDate,
    notes: optionalText(2000),
  })
  .refine((doc) => !doc.effectiveDate || !doc.expirationDate || doc.effectiveDate <= doc.expirationDate, {
    message: 'The expiration date cannot come before the effective date.',
    path: ['expirationDate'],
  })
const requestBody = z.object({
  recipientName: z.string().trim().min(1, 'Enter the recipient’s name.').max(200),
  recipientEmail: z.email('Enter a valid email address.').max(320),
  expiresInDays: z.number().int().min(1, 'At least 1 day.').max(30, 'At most 30 days.'),
})
const documentQuery = z.object({
  status: z.enum(DOCUMENT_STATUSES).optional(),
  expiringSoon: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
})

const idParam = (value: string) => uuidParam(value)

/** Compliance Manager (compliance_manager and admin): document types, documents, signature requests. */
export function complianceRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Compliance Manager'))
    .get('/document-types', async (c) => c.json({ types: await listDocumentTypes(deps, requireViewer(c)) }))
    .post('/document-types', idempotent(deps), validate('json', typeBody), async (c) =>
      c.json({ type: await createDocumentType(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp')) }, 201),
    )
    .get('/documents', validate('query', documentQuery), async (c) =>
      c.json({ documents: await listDocuments(deps, requireViewer(c), c.req.valid('query')) }),
    )
    .post('/documents', idempotent(deps), validate('json', documentBody), async (c) =>
      c.json({ document: await createDocument(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp')) }, 201),
    )
    .post(
      '/documents/:documentId/signature-requests',
      idempotent(deps, { withhold: ['link'] }),
      validate('json', requestBody),
      async (c) =>
        c.json(
          await createSignatureRequest(
            deps,
            requireViewer(c),
            idParam(c.req.param('documentId')),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
          201,
        ),
    )
    .post('/signature-requests/:requestId/revoke', idempotent(deps), async (c) =>
      c.json(
        await revokeSignatureRequest(deps, requireViewer(c), idParam(c.req.param('requestId')), c.get('clientIp')),
      ),
    )
    .get('/signature-requests/:requestId/verification', async (c) =>
      c.json(await verifySignedRequest(deps, requireViewer(c), idParam(c.req.param('requestId')))),
    )
}

const submitBody = z.object({
  signerName: z.string().max(200),
  notes: z
    .string()
    .max(2000)
    .nullish()
    .transform((value) => value ?? null),
  signatureImage: z.string().max(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 100, 'The signature image is too large.'),
})

/** The public signature page's calls: authorised by the token alone (SPEC.md section 6). */
export function publicSignatureRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/:token', async (c) => c.json(await loadSignatureRequest(deps.db, c.req.param('token'))))
    .post(
      '/:token',
      limitBody(MAX_SIGNATURE_BYTES * 2, 'The signature image is too large.', 'signatureImage'),
      validate('json', submitBody),
      async (c) =>
        c.json(
          await submitSignature(deps.db, c.req.param('token'), c.req.valid('json'), {
            ip: c.get('clientIp') || null,
            userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
          }),
        ),
    )
}

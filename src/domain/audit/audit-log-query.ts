import { z } from 'zod'

// Issue 41: the audit log, searched by case (an order or an RDN case number) and by person.

export const AUDIT_LOG_PAGE_SIZE = 50

export const auditLogQuerySchema = z
  .object({
    orderId: z.uuid('must be an order id').optional(),
    // What a person types: an order number, or an RDN case number.
    caseNumber: z
      .string()
      .trim()
      .min(1, 'must be a case or order number')
      .max(64, 'must be a case or order number')
      .regex(/^[\w./#-]+$/, 'must be a case or order number')
      .optional(),
    caseId: z.coerce.number('must be a case number').int('must be a case number').min(1).max(2_147_483_647).optional(),
    profileId: z.uuid('must be a person (profile id)').optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((query) => [query.orderId, query.caseId, query.caseNumber].filter(Boolean).length <= 1, {
    message: 'Search one case at a time.',
    path: ['caseNumber'],
  })

export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>

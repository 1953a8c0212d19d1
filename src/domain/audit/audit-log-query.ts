import { z } from 'zod'

// Issue 41: the audit log, searched by case (an order or an RDN case number) and by person.

export const AUDIT_LOG_PAGE_SIZE = 50

export const auditLogQuerySchema = z
  .object({
    orderId: z.uuid('must be an order id').optional(),
    caseId: z.coerce.number('must be a case number').int('must be a case number').min(1).max(2_147_483_647).optional(),
    profileId: z.uuid('must be a person (profile id)').optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((query) => !(query.orderId && query.caseId), { message: 'Search one case at a time.', path: ['caseId'] })

export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>

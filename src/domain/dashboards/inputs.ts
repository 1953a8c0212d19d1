import { z } from 'zod'
import { KEY_JOB_STATES } from './key-jobs'

const day = z.iso.date('must be a real date like 2025-01-31')

/** The person's own day (the browser's), which 'this week' and 'this month' count from. */
export const dashboardDayQuerySchema = z.object({ today: day.optional() })

export const cameraLookoutQuerySchema = z.object({
  today: day.optional(),
  plate: z.string().trim().max(20, 'at most 20 characters').optional(),
})

export const findInputSchema = z.object({
  orderId: z.uuid('must be an order id'),
  location: z
    .string()
    .trim()
    .max(200, 'at most 200 characters')
    .optional()
    .transform((text) => text || undefined),
  notes: z
    .string()
    .trim()
    .max(1000, 'at most 1000 characters')
    .optional()
    .transform((text) => text || undefined),
})

export const assignmentInputSchema = z.object({
  agentId: z.uuid('must be a person id').nullable(),
  cameraDriverId: z.uuid('must be a person id').nullable(),
})

export const keyJobInputSchema = z.object({ state: z.enum(KEY_JOB_STATES) })

export const notificationsReadSchema = z.object({
  ids: z.array(z.uuid('must be a notification id')).min(1).max(200),
})

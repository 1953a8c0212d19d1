import { z } from 'zod'
import { daySchema } from '../formats/day'
import { KEY_JOB_STATES } from './key-jobs'
import { VEHICLE_LIST_PAGE } from './vehicle-list'

/** The person's own day (the browser's), which 'this week' and 'this month' count from. */
export const dashboardDayQuerySchema = z.object({ today: daySchema.optional() })

/** How many of the list's vehicles to send: the first page, or as many as 'Show more' has reached. */
const vehicleListLimit = z.coerce.number().int('must be a whole number').min(1).max(100_000).default(VEHICLE_LIST_PAGE)

export const lotDashboardQuerySchema = dashboardDayQuerySchema.extend({ limit: vehicleListLimit })

export const keysDashboardQuerySchema = z.object({ limit: vehicleListLimit })

export const transportDashboardQuerySchema = z.object({ limit: vehicleListLimit })

/** The recovery agent's day, and the browser's offset from UTC in minutes (`Date#getTimezoneOffset`), so 'this week' starts at their midnight. */
export const recoveryAgentQuerySchema = z.object({
  today: daySchema.optional(),
  offset: z.coerce.number().int('must be whole minutes').min(-840).max(840).optional(),
})

export const cameraLookoutQuerySchema = z.object({
  today: daySchema.optional(),
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

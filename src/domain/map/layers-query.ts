import { z } from 'zod'
import { mapQuerySchema } from './map-query'

// What the Case Location Map asks of its layers (issue 19): settings, filter choices, lots,
// coverage and activity. As for the cases, a query key the map does not know is a 400.

const strict = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Unknown filter: ${issue.keys?.join(', ')}.` : undefined,
}

/** The map's settings, filter choices, lots and coverage take no query. */
export const noQuerySchema = z.strictObject({}, strict)

export const ACTIVITY_KINDS = ['recoveries', 'finds'] as const
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]
export const ACTIVITY_WINDOWS = ['24h', '7d', '30d', 'custom'] as const

const { zoom, market, agent, client, from, to } = mapQuerySchema.shape

/** Recent recoveries or camera finds over a period (default the last 30 days), counted by place for the layer and the heat map. */
export const activityQuerySchema = z
  .strictObject(
    {
      kind: z.enum(ACTIVITY_KINDS, { error: 'Choose recoveries or finds.' }).default('recoveries'),
      window: z.enum(ACTIVITY_WINDOWS, { error: 'Choose 24h, 7d, 30d or custom.' }).default('30d'),
      from,
      to,
      zoom,
      market,
      agent,
      client,
    },
    strict,
  )
  .refine((query) => query.window !== 'custom' || (query.from !== undefined && query.to !== undefined), {
    message: 'A custom window needs its first and last day.',
    path: ['from'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The first day must not be after the last.',
    path: ['from'],
  })

export type ActivityQuery = z.output<typeof activityQuerySchema>

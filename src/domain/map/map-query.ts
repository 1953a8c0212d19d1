import { z } from 'zod'
import { CASE_LIST_STATUSES } from '../cases/case-list-search'
import { agencyMidnightOf } from '../formats/agency-time'
import { addDays } from '../formats/calendar-days'
import { ORDER_STATUSES } from '../orders/order-work'
import { MAX_ZOOM, MIN_ZOOM } from './map-view'

// What the Case Location Map asks of its data (issue 19): the view, and the filters. Anything else is a 400.

/** Every status an order or an RDN case can have. */
export const MAP_STATUSES = [...new Set<string>([...ORDER_STATUSES, ...CASE_LIST_STATUSES])]

export const MAP_WINDOWS = ['all', '24h', '7d', '30d', 'custom'] as const
export type MapWindow = (typeof MAP_WINDOWS)[number]

/** A query number: an empty value is a missing one (never 0). */
const queryNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema)
const degrees = (low: number, high: number, name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of degrees.` })
    .min(low)
    .max(high)
/** A longitude as a panned map may send it (past ±180 after wrapping around), brought back into -180..180. */
const longitude = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of degrees.` })
    .min(-540)
    .max(540)
    .transform((value) => (value > 180 || value < -180 ? ((((value + 180) % 360) + 360) % 360) - 180 : value))

export const mapQuerySchema = z
  .strictObject(
    {
      zoom: queryNumber(z.coerce.number().int().min(MIN_ZOOM).max(MAX_ZOOM).default(4)),
      // West may be east of east: a view across the antimeridian.
      west: queryNumber(longitude('west').default(-180)),
      south: queryNumber(degrees(-90, 90, 'south').default(-90)),
      east: queryNumber(longitude('east').default(180)),
      north: queryNumber(degrees(-90, 90, 'north').default(90)),
      status: z
        .string()
        .optional()
        .transform((value, context) => {
          const statuses = (value ?? '')
            .split(',')
            .map((status) => status.trim())
            .filter(Boolean)
          const unknown = statuses.find((status) => !MAP_STATUSES.includes(status))
          if (unknown) {
            context.addIssue({ code: 'custom', message: `Unknown status '${unknown}'.` })
            return z.NEVER
          }
          return statuses
        }),
      market: z.string().trim().min(1).max(100).optional(),
      agent: z.uuid('The agent must be a person’s id.').optional(),
      client: z.uuid('The client must be a client’s id.').optional(),
      window: z.enum(MAP_WINDOWS, { error: 'Choose 24h, 7d, 30d, custom or all.' }).default('all'),
      from: z.iso.date({ error: 'Give the first day as YYYY-MM-DD.' }).optional(),
      to: z.iso.date({ error: 'Give the last day as YYYY-MM-DD.' }).optional(),
      spotted: z.enum(['yes', 'no'], { error: 'Spotted is yes or no.' }).optional(),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown filter: ${issue.keys.join(', ')}.` : undefined),
    },
  )
  .refine((query) => query.south <= query.north, {
    message: 'The view’s south must be below its north.',
    path: ['south'],
  })
  .refine((query) => query.window !== 'custom' || (query.from !== undefined && query.to !== undefined), {
    message: 'A custom window needs its first and last day.',
    path: ['from'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The first day must not be after the last.',
    path: ['from'],
  })

export type MapQuery = z.output<typeof mapQuerySchema>

const HOUR_MS = 3_600_000

/** The moments a window covers: updated since (and until, for a custom one), or none for 'all'. */
export function windowRange(query: Pick<MapQuery, 'window' | 'from' | 'to'>, now: Date) {
  switch (query.window) {
    case 'all':
      return null
    case '24h':
      return { since: new Date(now.getTime() - 24 * HOUR_MS), until: null }
    case '7d':
      return { since: new Date(now.getTime() - 7 * 24 * HOUR_MS), until: null }
    case '30d':
      return { since: new Date(now.getTime() - 30 * 24 * HOUR_MS), until: null }
    case 'custom':
      // Days a person picked: the agency's midnight of the first to its midnight after the last.
      return { since: agencyMidnightOf(query.from as string), until: agencyMidnightOf(addDays(query.to as string, 1)) }
  }
}

import { z } from 'zod'

// Issue 20: the Vehicle Redemptions screen lists the company's recovered vehicles and where each
// one's way off the lot stands.

/** Where a recovered vehicle's release stands, from nothing yet to gone. */
export const RELEASE_STATES = ['none', 'authorized', 'waiting', 'signed', 'released', 'transported'] as const
export type ReleaseState = (typeof RELEASE_STATES)[number]

export const RELEASE_STATE_LABELS: Record<ReleaseState, string> = {
  none: 'No release yet',
  authorized: 'Authorized',
  waiting: 'Waiting for signature',
  signed: 'Signed',
  released: 'Released',
  transported: 'Transported',
}

/** How many vehicles a page of the list holds; 'Show more' asks for one more page. */
export const REDEMPTION_LIST_PAGE = 50

export const redemptionListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Search for at most 100 characters.')
    .optional()
    .transform((value) => value || undefined),
  status: z.enum(RELEASE_STATES, { error: 'Choose a release state from the list.' }).optional(),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000, 'must be at most 1000')
    .default(REDEMPTION_LIST_PAGE),
})
export type RedemptionListQuery = z.output<typeof redemptionListQuerySchema>

import { z } from 'zod'
import { OPEN_WORK_STATUSES } from '../agent-work/open-work'

// Collisions (issue 44 item 6, docs/decisions/035): the same vehicle open in two cases of one
// company. The database detects them (migration 064) with the same normalization as below.

/** A case counts for a collision while it is open work (OPEN_WORK_STATUSES): a hold still counts. */
export const COLLISION_OPEN_STATUSES = OPEN_WORK_STATUSES

/** What two cases matched on. */
export const COLLISION_MATCHES = ['vin', 'plate'] as const
export type CollisionMatch = (typeof COLLISION_MATCHES)[number]

/** A VIN as detection compares it: upper case and trimmed, and only a full 17 characters. */
export function vinKey(vin: string | null | undefined): string | null {
  const key = (vin ?? '').trim().toUpperCase()
  return key.length === 17 ? key : null
}

/** A plate and its state as detection compares them: 'ABC123 CA' (no spaces or dashes), or null without either. */
export function plateKey(plate: string | null | undefined, state: string | null | undefined): string | null {
  const number = (plate ?? '').toUpperCase().replace(/[\s-]/g, '')
  const where = (state ?? '').trim().toUpperCase()
  return number && where ? `${number} ${where}` : null
}

/** 'Same VIN' or 'Same plate', as the badge and the list say it. */
export const matchedOnLabel = (match: string): string => (match === 'vin' ? 'Same VIN' : 'Same plate and state')

/** Resolving a collision: which of its two cases stands (its id), and why. */
export const resolveCollisionSchema = z.object({
  standingCaseId: z.uuid({ error: 'Standing case is required: say which case stands.' }),
  reason: z
    .string({ error: 'Reason is required.' })
    .trim()
    .min(1, 'Reason is required: say why this case stands.')
    .max(500, 'Reason must be at most 500 characters.'),
})
export type ResolveCollision = z.output<typeof resolveCollisionSchema>

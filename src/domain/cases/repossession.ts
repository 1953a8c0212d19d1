import { z } from 'zod'
import { agencyDayOf, agencyInputOf, instantOfAgencyWall } from '../formats/agency-time'
import { formatWallClock } from '../formats/dates'

// The repossession moment (issue 41): one stored moment per case, stamped by the move to
// Repossessed. It is a true instant (the stamp is the database's now()); every screen and document
// reads it, and a person types it, on the agency's clock (AGENCY_TIME_ZONE), and its day is the
// agency's day: the day payroll pays the recovery on.

export type Repossession = {
  /** Whether the vehicle is recovered: a moment, or the Repossessed status. */
  repossessed: boolean
  repossessedAt: Date | null
  /** The moment's day on the agency's wall, 'YYYY-MM-DD'. */
  repossessedOn: string | null
}

const asDate = (moment: Date | string | null | undefined) => {
  if (!moment) return null
  const date = moment instanceof Date ? moment : new Date(moment)
  return Number.isNaN(date.getTime()) ? null : date
}

/** A case's repossession from its status and its stored moment. */
export function repossessionOf(status: string | null, moment: Date | string | null | undefined): Repossession {
  const repossessedAt = asDate(moment)
  return {
    repossessed: repossessedAt !== null || status === 'Repossessed',
    repossessedAt,
    repossessedOn: repossessedAt ? agencyDayOf(repossessedAt) : null,
  }
}

/** The moment as a person reads it (SPEC.md section 2): 'Jan 05, 2025 3:05 PM'; '-' when none. */
export const formatRepossessedAt = formatWallClock

/**
 * A datetime-local input's value ('2025-01-05T15:05', the agency's clock) as the ISO instant it
 * names, and back; unreadable input passes through for the API to refuse it by name.
 */
export const momentOfInput = (value: string) => instantOfAgencyWall(value)?.toISOString() ?? value
export const inputOfMoment = (moment: Date | string | null | undefined) => {
  const instant = asDate(moment)
  return instant ? agencyInputOf(instant) : ''
}

const MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

/** Whether text is an ISO moment of a real calendar day and clock. */
export function isRealMoment(text: string): boolean {
  const match = MOMENT.exec(text)
  if (!match) return false
  const [year, month, day, hours, minutes, seconds] = match.slice(1, 7).map((part) => Number(part ?? 0))
  const calendar = new Date(Date.UTC(year, month - 1, day))
  return (
    calendar.getUTCFullYear() === year &&
    calendar.getUTCMonth() === month - 1 &&
    calendar.getUTCDate() === day &&
    hours < 24 &&
    minutes < 60 &&
    seconds < 60
  )
}

/** A minute's grace for a clock a little ahead of the server's. */
const FUTURE_GRACE_MS = 60_000

/** A moment a person gives: a real one, not in the future. */
export const givenMoment = (label: string) =>
  z
    .string({ error: `${label} must be a date and time.` })
    .trim()
    .refine(isRealMoment, `${label} must be a real date and time (YYYY-MM-DDTHH:MMZ).`)
    .refine((value) => new Date(value).getTime() <= Date.now() + FUTURE_GRACE_MS, `${label} cannot be in the future.`)

/** A correction of the moment: the moment and why (it goes on the case's timeline). */
export const repossessionCorrectionSchema = z.object({
  repossessedAt: givenMoment('Repossessed at'),
  reason: z
    .string({ error: 'Reason is required.' })
    .trim()
    .min(1, 'Reason is required: say why the repossession moment changes.')
    .max(500, 'Reason must be at most 500 characters.'),
})
export type RepossessionCorrection = z.output<typeof repossessionCorrectionSchema>

import type { Day } from '../formats/calendar-days'

// Issue 41: one meaning of 'days to recovery' for every screen (the board's Agents table and the
// management dashboard's agents): from the day the agent was put on the case (the order date when
// nobody was, or when the stamp is later than the recovery, as a backfilled one can be) to the day
// the vehicle was repossessed, in whole days, averaged over the recoveries that have both days.

/** Whole days between two days 'YYYY-MM-DD' (later minus earlier). */
const daysBetween = (from: Day, to: Day) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

export type RecoveryDays = {
  /** The day the agent was put on the case, null when nobody was. */
  assignedOn: Day | null
  orderedOn: Day | null
  /** The day of the repossession moment, null when not recovered (or not known). */
  recoveredOn: Day | null
}

/** The day a recovery is counted from: the assignment, else the order date; null when neither comes before the recovery. */
export function recoveryStart({ assignedOn, orderedOn, recoveredOn }: RecoveryDays): Day | null {
  if (!recoveredOn) return null
  if (assignedOn && assignedOn <= recoveredOn) return assignedOn
  if (orderedOn && orderedOn <= recoveredOn) return orderedOn
  return null
}

/** Whole days from the start to the recovery (0: the same day); null when the case is not timed. */
export function daysToRecovery(input: RecoveryDays): number | null {
  const start = recoveryStart(input)
  return start && input.recoveredOn ? daysBetween(start, input.recoveredOn) : null
}

/**
 * The mean over `timed` recoveries of `totalDays`, in whole days: null with none timed, 0 only
 * when every one was recovered the day it started, otherwise at least 1.
 */
export function averageDaysToRecovery(totalDays: number, timed: number): number | null {
  if (timed <= 0) return null
  if (totalDays <= 0) return 0
  return Math.max(1, Math.round(totalDays / timed))
}

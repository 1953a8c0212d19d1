import type { AssignmentState } from './assignment-state'

const DAY_MS = 86_400_000

/** Issue 19: a client's update cadence when it has none of its own. */
export const DEFAULT_CADENCE_DAYS = 3
export const MIN_CADENCE_DAYS = 1
export const MAX_CADENCE_DAYS = 90

export type UpdateClock = {
  agentAssigned: boolean
  state: AssignmentState
  /** When the agent was put on the case, and their last Agent Update on it. */
  assignedAt: Date | null
  lastUpdateAt: Date | null
  cadenceDays: number
}

/**
 * When the agent's next update is due: a cadence after their last Agent Update, or after they were
 * put on the case when they have written none. No clock without an agent, or while the assignment
 * is on hold or closed.
 */
export function updateDueAt(clock: UpdateClock): Date | null {
  if (!clock.agentAssigned || clock.state !== 'Active') return null
  const since = clock.lastUpdateAt ?? clock.assignedAt
  return since ? new Date(since.getTime() + clock.cadenceDays * DAY_MS) : null
}

/** Whether the case is past its update cadence at `now`. */
export function isUpdateDue(clock: UpdateClock, now: Date): boolean {
  const due = updateDueAt(clock)
  return due !== null && due.getTime() <= now.getTime()
}

/**
 * A repossessed vehicle without keys goes through a locksmith job. No row means keys are still
 * needed; 'key_made' marks the order's keys obtained, which ends the job.
 */
export const KEY_JOB_STATES = ['requested', 'scheduled', 'key_made'] as const
export type KeyJobState = (typeof KEY_JOB_STATES)[number]

export const KEY_JOB_LABELS: Record<KeyJobState | 'needed', string> = {
  needed: 'Keys needed',
  requested: 'Locksmith requested',
  scheduled: 'Locksmith scheduled',
  key_made: 'Key made',
}

/** The step a person would take next from a state, or null at the end. */
export function nextKeyJobState(state: KeyJobState | null): KeyJobState | null {
  if (state === null) return 'requested'
  const index = KEY_JOB_STATES.indexOf(state)
  return KEY_JOB_STATES[index + 1] ?? null
}

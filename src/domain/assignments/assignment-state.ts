/** Issue 19: an assignment is worked (Active), paused (On Hold) or finished (Closed). */
export const ASSIGNMENT_STATES = ['Active', 'On Hold', 'Closed'] as const
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number]

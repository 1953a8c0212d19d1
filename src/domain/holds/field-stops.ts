import { agencyDayOf } from '../formats/agency-time'
import { formatWallClock } from '../formats/dates'

// Holds and stops (issue 44, docs/decisions/034). Which statuses stop field work is data: the
// order_statuses table's stops_field_work, seeded from FIELD_STOP_STATUSES (migration 063). While a
// case's status stops field work, no one may record an On-Hook, a camera find, an assignment or a
// move to Repossessed on it.

/** The statuses seeded as stopping field work: the lender said stop, or the case is over. */
export const FIELD_STOP_STATUSES = [
  'On Hold',
  'Pending On Hold',
  'Closed',
  'Pending Close',
  'Charged Off',
  'Completed',
] as const

/** The stops that are holds (the lender may lift them); a hold after a recovery is flagged for the client. */
export const HOLD_STATUSES = ['On Hold', 'Pending On Hold'] as const

/** How a stop reached the case. */
export const HOLD_SOURCES = ['person', 'dashboard', 'import', 'sync', 'system'] as const

/** A case's current stop, as its latest hold record (or, with none, its status alone) says. */
export type CaseStop = {
  status: string
  placedAt: Date | string | null
  /** Who placed it: a person's name; null for the lender (an import, the RDN sync) or unknown. */
  placedBy: string | null
  source: string
  reason: string | null
}

const VERBS: Record<string, string> = {
  'On Hold': 'put on hold',
  'Pending On Hold': 'put on hold (pending)',
  Closed: 'closed',
  'Pending Close': 'closed (pending)',
  'Charged Off': 'charged off',
  Completed: 'completed',
}

/** Who a stop is from, as the refusal says it: the person, else the lender for what came from outside. */
function stopAuthor(stop: CaseStop): string {
  if (stop.placedBy) return stop.placedBy
  if (stop.source === 'sync' || stop.source === 'import') return 'the lender'
  return 'the office'
}

/** When, on the agency's clock: '2:14 PM' today, 'Nov 26, 2026 2:14 PM' another day. */
function stopWhen(placedAt: Date | string | null, now: Date): string | null {
  if (!placedAt) return null
  const moment = placedAt instanceof Date ? placedAt : new Date(placedAt)
  if (Number.isNaN(moment.getTime())) return null
  const text = formatWallClock(moment)
  if (agencyDayOf(moment) !== agencyDayOf(now)) return `on ${text.replace(/ (\d{1,2}:\d{2} [AP]M)$/, ' at $1')}`
  return `at ${text.split(' ').slice(-2).join(' ')}`
}

/**
 * The refusal a person reads when field work meets a stopped case:
 * 'This case was put on hold at 2:14 PM by the lender: do not recover.' (and the reason, when given).
 */
export function stopMessage(stop: CaseStop, now = new Date()): string {
  const verb = VERBS[stop.status] ?? `moved to ${stop.status}`
  const when = stopWhen(stop.placedAt, now)
  const head = `This case was ${verb}${when ? ` ${when}` : ''} by ${stopAuthor(stop)}: do not recover.`
  return stop.reason ? `${head} Reason: ${stop.reason}` : head
}

/** What a hold arriving after the recovery leaves on the case, for the client. */
export const HOLD_AFTER_RECOVERY_MESSAGE =
  'The vehicle was already recovered when this hold arrived: the hold is recorded as arrived after recovery and flagged for the client.'

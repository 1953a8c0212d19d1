// Issue 17's receivables aging: what is owed on sent invoices, by days since each was sent.

import { type Day, daysBetween } from '../formats/calendar-days'

export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const
export type AgingBucket = (typeof AGING_BUCKETS)[number]

/** The bucket of an invoice sent `days` days ago. */
export function agingBucket(days: number): AgingBucket {
  if (days <= 30) return '0-30'
  if (days <= 60) return '31-60'
  if (days <= 90) return '61-90'
  return '90+'
}

/** Warn this many days before the client's window to invoice closes. */
export const WINDOW_WARNING_DAYS = 5

export type WindowState = 'none' | 'open' | 'closing' | 'late'

/**
 * Days since completion against the client's window: 'closing' within WINDOW_WARNING_DAYS of its
 * end, 'late' past it; 'none' when the client sets no window or the work is not complete.
 */
export function invoiceWindow(completedOn: Day | null, windowDays: number | null, today: Day) {
  if (completedOn === null) return { daysSinceCompletion: null, daysLeft: null, state: 'none' as WindowState }
  const daysSinceCompletion = daysBetween(completedOn, today)
  if (windowDays === null) return { daysSinceCompletion, daysLeft: null, state: 'none' as WindowState }
  const daysLeft = windowDays - daysSinceCompletion
  const state: WindowState = daysLeft < 0 ? 'late' : daysLeft <= WINDOW_WARNING_DAYS ? 'closing' : 'open'
  return { daysSinceCompletion, daysLeft, state }
}

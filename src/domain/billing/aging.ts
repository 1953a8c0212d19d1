// Issue 17's receivables aging: what is owed on sent invoices, by days since each was sent.

export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const
export type AgingBucket = (typeof AGING_BUCKETS)[number]

/** The bucket of an invoice sent `days` days ago. */
export function agingBucket(days: number): AgingBucket {
  if (days <= 30) return '0-30'
  if (days <= 60) return '31-60'
  if (days <= 90) return '61-90'
  return '90+'
}

const DAY_MS = 86_400_000

/** Whole calendar days (UTC) from one day to another, 'YYYY-MM-DD' or a moment. */
export function daysBetween(from: Date | string, to: Date | string): number {
  const start = Date.parse(typeof from === 'string' ? from.slice(0, 10) : from.toISOString().slice(0, 10))
  const end = Date.parse(typeof to === 'string' ? to.slice(0, 10) : to.toISOString().slice(0, 10))
  return Math.floor((end - start) / DAY_MS)
}

/** Warn this many days before the client's window to invoice closes. */
export const WINDOW_WARNING_DAYS = 5

export type WindowState = 'none' | 'open' | 'closing' | 'late'

/**
 * Days since completion against the client's window: 'closing' within WINDOW_WARNING_DAYS of its
 * end, 'late' past it; 'none' when the client sets no window or the work is not complete.
 */
export function invoiceWindow(completedOn: string | null, windowDays: number | null, today: Date | string) {
  if (completedOn === null) return { daysSinceCompletion: null, daysLeft: null, state: 'none' as WindowState }
  const daysSinceCompletion = Math.max(0, daysBetween(completedOn, today))
  if (windowDays === null) return { daysSinceCompletion, daysLeft: null, state: 'none' as WindowState }
  const daysLeft = windowDays - daysSinceCompletion
  const state: WindowState = daysLeft < 0 ? 'late' : daysLeft <= WINDOW_WARNING_DAYS ? 'closing' : 'open'
  return { daysSinceCompletion, daysLeft, state }
}

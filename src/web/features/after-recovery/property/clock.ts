import { localToday } from '../../../lib/local-day'

const DAY_MS = 86_400_000
const dayNumber = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))

/** Whole days from today (the browser's own day) to `day`: negative once it is past. */
export function daysUntil(day: string, today = localToday()): number {
  return Math.round((dayNumber(day) - dayNumber(today)) / DAY_MS)
}

/** The hold clock in words: days left, or that the hold ended. */
export function holdText(holdUntil: string | null, today = localToday()): string {
  if (!holdUntil) return 'No hold date'
  const left = daysUntil(holdUntil, today)
  if (left < 0) return 'Hold ended'
  if (left === 0) return 'Hold ends today'
  return `${left} day${left === 1 ? '' : 's'} left`
}

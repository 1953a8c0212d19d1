// Calendar days as text and the arithmetic every feature does on them: dashboards, payroll
// periods, storage, rate-card versions. Which day "today" is comes from the caller.

/** A calendar day as 'yyyy-mm-dd' (the person's own day, or the agency's: see agency-time.ts). */
export type Day = string

const toDate = (day: Day) => new Date(`${day}T00:00:00Z`)
const toDay = (date: Date): Day => date.toISOString().slice(0, 10)

/**
 * The day an instant falls on for someone `offsetMinutes` behind UTC (as `Date#getTimezoneOffset`
 * gives it: 360 in Alabama in winter).
 */
export function localDayOf(instant: Date, offsetMinutes: number): Day {
  return toDay(new Date(instant.getTime() - offsetMinutes * 60_000))
}

/** The instant a day starts (local midnight) for someone `offsetMinutes` behind UTC. */
export function startOfLocalDay(day: Day, offsetMinutes: number): Date {
  return new Date(toDate(day).getTime() + offsetMinutes * 60_000)
}

export function addDays(day: Day, days: number): Day {
  const date = toDate(day)
  date.setUTCDate(date.getUTCDate() + days)
  return toDay(date)
}

/** Weeks start on Monday: 'this week' is Monday up to today. */
export function startOfWeek(day: Day): Day {
  const weekday = toDate(day).getUTCDay() // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7))
}

export function startOfMonth(day: Day): Day {
  return `${day.slice(0, 8)}01`
}

/** Whole days from one day to a later one (0 on the same day, never negative). */
export function daysBetween(from: Day, to: Day): number {
  return Math.max(0, Math.round((toDate(to).getTime() - toDate(from).getTime()) / 86_400_000))
}

/** The last `count` weeks up to today, oldest first, each Monday to Sunday (the current one ends today). */
export function recentWeeks(today: Day, count: number): Array<{ from: Day; to: Day }> {
  const thisWeek = startOfWeek(today)
  return Array.from({ length: count }, (_, index) => {
    const from = addDays(thisWeek, -7 * (count - 1 - index))
    const to = index === count - 1 ? today : addDays(from, 6)
    return { from, to }
  })
}

// The agency's time zone (issue 41): a stored moment is a true instant; a person reads and types it
// on the agency's clock, and a day (a repossession's, a pay line's) is the agency's day. Its markets
// are in Alabama. Migration 039's triggers write the same zone in SQL.

export const AGENCY_TIME_ZONE = 'America/Chicago'

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number }

let parts: Intl.DateTimeFormat | undefined
/** An instant's day and clock on the agency's wall (made on first use, as dates.ts's formatters). */
export function agencyWallClock(instant: Date): WallClock {
  parts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: AGENCY_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  const found: Record<string, number> = {}
  for (const part of parts.formatToParts(instant)) {
    if (part.type !== 'literal') found[part.type] = Number(part.value)
  }
  return {
    year: found.year,
    month: found.month,
    day: found.day,
    hour: found.hour % 24,
    minute: found.minute,
    second: found.second,
  }
}

const wallAsUtc = (wall: WallClock) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)

/** The agency's offset from UTC at an instant, in milliseconds (-6 h in winter, -5 h in summer). */
const offsetAt = (ms: number) => {
  const instant = new Date(Math.floor(ms / 1000) * 1000)
  return wallAsUtc(agencyWallClock(instant)) - instant.getTime()
}

const HOUR = 3_600_000
const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** An instant's day on the agency's wall, 'YYYY-MM-DD'. */
export function agencyDayOf(instant: Date): string {
  const wall = agencyWallClock(instant)
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`
}

/** Today on the agency's wall, 'YYYY-MM-DD'. */
export const agencyToday = (now = new Date()) => agencyDayOf(now)

/** An instant as a datetime-local value on the agency's wall, '2025-01-05T15:05'. */
export function agencyInputOf(instant: Date): string {
  const wall = agencyWallClock(instant)
  return `${agencyDayOf(instant)}T${pad(wall.hour)}:${pad(wall.minute)}`
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * The instant a day and clock on the agency's wall name ('2025-01-05T15:05'); null when unreadable.
 * As PostgreSQL's `timestamp at time zone` reads it: a clock the spring change skips is read on the
 * offset before it (2:30 AM is 3:30 AM daylight time), a clock the autumn change repeats is the
 * second one (standard time).
 */
export function instantOfAgencyWall(value: string): Date | null {
  const match = WALL.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0))
  const wallMs = Date.UTC(year, month - 1, day, hour, minute, second)
  if (Number.isNaN(wallMs)) return null
  const before = offsetAt(wallMs - 12 * HOUR)
  const after = offsetAt(wallMs + 12 * HOUR)
  const names = (offset: number) => offsetAt(wallMs - offset) === offset
  return new Date(wallMs - (names(after) ? after : before))
}

/** The instant a day ('YYYY-MM-DD') starts on the agency's wall: its midnight there. */
export const agencyMidnightOf = (day: string) => instantOfAgencyWall(`${day}T00:00`) as Date

/** The agency's offset as `Date#getTimezoneOffset` gives one: minutes behind UTC (360 in winter). */
export const agencyOffsetMinutes = (now = new Date()) => -offsetAt(now.getTime()) / 60_000

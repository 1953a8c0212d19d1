import { agencyWallClock } from './agency-time'

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A 'YYYY-MM-DD' date is a calendar day, not UTC midnight: read it in local time. */
function toDate(value: string | Date): Date {
  if (value instanceof Date) return value
  const day = DATE_ONLY.exec(value)
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value)
}

/**
 * A formatter made on first use and kept: toLocale*String builds a new one on every call, most of
 * the time a list of 50 cases spent formatting its dates (issue 21). Not at load: the first one
 * made is the slow one (the locale's data), and a page may format no date at all.
 */
function formatter(options: Intl.DateTimeFormatOptions) {
  let made: Intl.DateTimeFormat | undefined
  return (date: Date) => {
    made ??= new Intl.DateTimeFormat('en-US', options)
    return made.format(date)
  }
}
const intlCaseDate = formatter({ month: 'short', day: '2-digit', year: 'numeric' })
const intlCaseTime = formatter({ hour: 'numeric', minute: '2-digit' })
const intlDateTime = formatter({ dateStyle: 'short', timeStyle: 'short' })

// The three en-US forms written out for four-digit years (any other goes to Intl): the first
// Intl.DateTimeFormat a page makes blocks a phone's main thread ~70 ms loading the locale's data,
// a case list's or a case's first paint held behind it (issue 21). dates.test.ts holds each equal
// to Intl's.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const twoDigits = (value: number) => String(value).padStart(2, '0')
const fourDigitYear = (date: Date) => date.getFullYear() >= 1000 && date.getFullYear() <= 9999
const clock = (date: Date) => {
  const hours = date.getHours()
  return `${hours % 12 || 12}:${twoDigits(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`
}

// ICU writes a narrow no-break space before AM/PM; the spec's texts use a plain space.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')

const caseDate = (date: Date) =>
  fourDigitYear(date)
    ? `${MONTHS[date.getMonth()]} ${twoDigits(date.getDate())}, ${date.getFullYear()}`
    : intlCaseDate(date)
const caseTime = (date: Date) => (fourDigitYear(date) ? clock(date) : intlCaseTime(date))
const dateTime = (date: Date) =>
  fourDigitYear(date)
    ? `${date.getMonth() + 1}/${date.getDate()}/${twoDigits(date.getFullYear() % 100)}, ${clock(date)}`
    : intlDateTime(date)

/** SPEC.md section 2: dates like 'Jan 05, 2025'; a dash when missing or unreadable. */
export function formatCaseDate(value: string | Date | null | undefined): string {
  if (!value) return '-'
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return '-'
  return caseDate(date)
}

/** SPEC.md section 2: times like '3:05 PM'; a dash when missing or unreadable. */
export function formatCaseTime(value: string | Date | null | undefined): string {
  if (!value) return '-'
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return '-'
  return plainSpaces(caseTime(date))
}

/** SPEC.md section 2: other date/time displays, en-US short format with hour and minute. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '-'
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return '-'
  return plainSpaces(dateTime(date))
}

/**
 * Issue 41: a span of days as people read it, 'Nov 23 - Nov 29, 2026', the year once when both days
 * share it ('Dec 28, 2026 - Jan 03, 2027' when not); one day alone is that day; a dash when unreadable.
 */
export function formatPeriod(start: string | Date | null | undefined, end: string | Date | null | undefined): string {
  const first = formatCaseDate(start)
  const last = formatCaseDate(end)
  if (first === '-' || last === '-') return first === '-' ? last : first
  if (first === last) return first
  const sameYear = first.slice(-4) === last.slice(-4)
  return `${sameYear ? first.slice(0, -6) : first} - ${last}`
}

/**
 * A moment (a true instant: a repossession's) as a person at the agency reads it, on the agency's
 * clock (AGENCY_TIME_ZONE, issue 41): 'Jan 05, 2025 3:05 PM'; a dash when missing or unreadable.
 * The same text on every screen and document, whatever the reader's own zone.
 */
export function formatWallClock(value: string | Date | null | undefined): string {
  if (!value) return '-'
  const moment = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(moment.getTime())) return '-'
  const wall = agencyWallClock(moment)
  const hours = wall.hour
  return `${MONTHS[wall.month - 1]} ${twoDigits(wall.day)}, ${wall.year} ${hours % 12 || 12}:${twoDigits(wall.minute)} ${hours < 12 ? 'AM' : 'PM'}`
}

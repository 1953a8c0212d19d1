const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A 'YYYY-MM-DD' date is a calendar day, not UTC midnight: read it in local time. */
function toDate(value: string | Date): Date {
  if (value instanceof Date) return value
  const day = DATE_ONLY.exec(value)
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value)
}

// ICU writes a narrow no-break space before AM/PM; the spec's texts use a plain space.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')

/** SPEC.md section 2: dates like 'Jan 05, 2025'; a dash when missing or unreadable. */
export function formatCaseDate(value: string | Date | null | undefined): string {
  if (!value) return '-'
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return '-'
  return date.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' })
}

/** SPEC.md section 2: times like '3:05 PM'; a dash when missing or unreadable. */
export function formatCaseTime(value: string | Date | null | undefined): string {
  if (!value) return '-'
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return '-'
  return plainSpaces(date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }))
}

/** SPEC.md section 2: other date/time displays, en-US short format with hour and minute. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '-'
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return '-'
  return plainSpaces(date.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' }))
}

/** SPEC.md section 2: other date/time displays use en-US short format with hour and minute. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '-'
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return '-'
  return date.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' })
}

import { formatWhole } from '../formats/numbers'

// Money is integer cents end to end: read from text once, added as integers, shown at the edge.

/** The largest amount accepted anywhere: $10,000,000.00 (far above any recovery, well inside a safe integer). */
export const MAX_CENTS = 1_000_000_000

/** Whether a value is a whole, non-negative number of cents within MAX_CENTS. */
export const isCents = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_CENTS

/**
 * Cents from a dollar amount as a person types it ('1,234.5', '$75', '0.99'), without floating
 * point; null for anything else (a negative, a third decimal, letters).
 */
export function parseDollars(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  const dollars = Number(match[1].replaceAll(',', ''))
  const cents = Number((match[2] ?? '').padEnd(2, '0'))
  const total = dollars * 100 + cents
  return isCents(total) ? total : null
}

/** '$1,234.56' from 123456 cents; a negative amount (a credit) as '-$12.00'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const absolute = Math.abs(cents)
  const dollars = formatWhole(Math.floor(absolute / 100))
  return `${sign}$${dollars}.${String(absolute % 100).padStart(2, '0')}`
}

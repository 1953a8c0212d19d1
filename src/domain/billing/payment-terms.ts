// Issue 41: when an invoice falls due.

/** The days a client has to pay an invoice unless its own terms say otherwise. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30
export const MAX_PAYMENT_TERMS_DAYS = 365

/**
 * An invoice falls due its client's payment terms in days after the day it was sent (its invoice
 * date), as 'YYYY-MM-DD' calendar days; an invoice not sent has no due date.
 */
export function dueOn(invoiceDay: string | null, termsDays: number): string | null {
  if (!invoiceDay) return null
  const [year, month, day] = invoiceDay.slice(0, 10).split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + termsDays)).toISOString().slice(0, 10)
}

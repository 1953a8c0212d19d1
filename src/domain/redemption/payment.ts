import { z } from 'zod'
import { MAX_CENTS } from '../billing/money'

// Issue 41: what the agency collected from the debtor against the redemption quote, and whether it
// covers the quote (a client may hand its vehicles over only once it does).

export const PAYMENT_METHODS = ['certified_funds', 'cashiers_check', 'card', 'cash', 'ach'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  certified_funds: 'Certified funds',
  cashiers_check: "Cashier's check",
  card: 'Card',
  cash: 'Cash',
  ach: 'ACH',
}

/** A payment as the card sends it: whole cents over zero, a method of the list, a reference unless cash. */
export const redemptionPaymentSchema = z
  .object({
    amountCents: z
      .number({ error: 'Give the amount collected in whole cents.' })
      .int('Give the amount collected in whole cents.')
      .min(1, 'The amount collected must be more than $0.00.')
      .max(MAX_CENTS, 'The amount collected is too large.'),
    method: z.enum(PAYMENT_METHODS, { error: 'Choose how the debtor paid.' }),
    reference: z
      .string({ error: 'Give the reference as text.' })
      .trim()
      .max(100, 'At most 100 characters.')
      .nullish()
      .transform((value) => value || null),
  })
  .refine((input) => input.method === 'cash' || input.reference !== null, {
    message: 'Give the check, card or transfer reference (only cash goes without one).',
    path: ['reference'],
  })
export type RedemptionPaymentInput = z.output<typeof redemptionPaymentSchema>

export type RedemptionBalance = {
  collectedCents: number
  /** What is left to pay of the quote; 0 once covered (never below: an overpayment is not owed back here). */
  balanceCents: number
  covered: boolean
}

/** The payments collected against a quote, and what is left of it. */
export function redemptionBalance(
  quoteCents: number,
  payments: ReadonlyArray<{ amountCents: number }>,
): RedemptionBalance {
  const collectedCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0)
  const balanceCents = Math.max(0, quoteCents - collectedCents)
  return { collectedCents, balanceCents, covered: balanceCents === 0 }
}

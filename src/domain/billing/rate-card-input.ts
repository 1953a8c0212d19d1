import { z } from 'zod'
import { findFeeType } from './fee-catalog'
import { isCents } from './money'
import { RATE_BASES, type RateRow, rateRowProblems } from './pricing'

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** A real calendar day (no 31 February: `Date.parse` would roll it over) in the years both databases store. */
const isRealDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`)
  const year = Number(value.slice(0, 4))
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && year >= 1900 && year <= 2100
}
export const day = (message: string) => z.string().regex(DAY, message).refine(isRealDay, message)

export const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number of cents.` })
    .refine(isCents, `${label} must be whole, non-negative cents.`)

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null)

/** One rate row as the Fee Schedules form sends it: the fee by any of its names, amounts in cents. */
export const rateRowInputSchema = z
  .object({
    feeType: z
      .string()
      .trim()
      .min(1, 'Choose a fee type.')
      .transform((value, context) => {
        const type = findFeeType(value)
        if (!type) {
          context.addIssue({ code: 'custom', message: `Unknown fee type '${value}'.` })
          return z.NEVER
        }
        return type.code
      }),
    orderType: optionalText(60),
    basis: z.enum(RATE_BASES, { error: 'Choose flat, per day, per mile or per 15-minute block.' }),
    amountCents: cents('The amount'),
    includedMiles: z.number().int('Included miles must be whole.').min(0).max(10_000).default(0),
    marketAmounts: z.record(z.string().trim().min(1).max(60), cents('A market amount')).default({}),
    minCents: cents('The minimum')
      .nullish()
      .transform((value) => value ?? null),
    maxCents: cents('The maximum')
      .nullish()
      .transform((value) => value ?? null),
    needsApproval: z.boolean().default(false),
    billableToDebtor: z.boolean().default(true),
    noPassOnStates: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'Use two-letter state codes.'),
      )
      .max(60)
      .default([]),
    daysToInvoice: z
      .number()
      .int()
      .min(1)
      .max(3650)
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((row, context) => {
    for (const problem of rateRowProblems(row as RateRow)) {
      context.addIssue({ code: 'custom', path: [problem.field], message: `${problem.reason}.` })
    }
  })

/** A new version of a rate card: its effective dates, storage rule and rows (one per fee and order type). */
export const rateCardVersionInputSchema = z
  .object({
    effectiveFrom: day('Enter the first day in force as YYYY-MM-DD.'),
    effectiveTo: day('Enter the last day in force as YYYY-MM-DD.')
      .nullish()
      .transform((value) => value ?? null),
    storage: z
      .object({
        freeDays: z.number().int('Free days must be whole.').min(0).max(365),
        dailyCents: cents('The daily storage rate'),
        capCents: cents('The storage cap')
          .nullish()
          .transform((value) => value ?? null),
      })
      .nullish()
      .transform((value) => value ?? null),
    rows: z.array(rateRowInputSchema).min(1, 'Add at least one rate.').max(300),
  })
  .superRefine((version, context) => {
    if (version.effectiveTo !== null && version.effectiveTo < version.effectiveFrom) {
      context.addIssue({ code: 'custom', path: ['effectiveTo'], message: 'The last day is before the first.' })
    }
    const seen = new Set<string>()
    version.rows.forEach((row, index) => {
      const key = `${row.feeType}\u0000${row.orderType ?? ''}`
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['rows', index, 'feeType'],
          message: `${row.feeType} is priced twice for ${row.orderType ?? 'any order type'}.`,
        })
      }
      seen.add(key)
    })
  })
export type RateCardVersionInput = z.output<typeof rateCardVersionInputSchema>

/** A client's rate card (optionally for one lienholder of that client). */
export const rateCardInputSchema = z.object({
  clientId: z.uuid('Choose a client.'),
  lienholderName: optionalText(200),
})

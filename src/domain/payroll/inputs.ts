import { z } from 'zod'
import { ROLES } from '../auth/roles'
import { findFeeType } from '../billing/fee-catalog'
import { MAX_CENTS } from '../billing/money'
import { day, optionalText } from '../billing/rate-card-input'
import { CHARGEBACK_REASONS, DEFAULT_EXCLUDED_FEE_TYPES, LOGGED_WORK_KINDS, PAY_BASES, RULE_KINDS } from './pay-kinds'
import { PAY_CADENCES } from './periods'
import { ruleProblems } from './rules'

// What the Payroll & Accounting forms send (issue 18): each bad field a 400 naming it.

const rate = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be whole cents or basis points.`)
    .min(0, `${label} cannot be negative.`)
    .max(MAX_CENTS, `${label} is too large.`)
const share = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be whole basis points.`)
    .min(0, `${label} cannot be negative.`)
    .max(10_000, 'A split cannot be over 100 %.')
    .default(0)

export const payRuleInputSchema = z
  .object({
    kind: z.enum(RULE_KINDS, { error: 'Choose what the rule pays for.' }),
    role: z
      .enum(ROLES, { error: 'Choose a role.' })
      .nullish()
      .transform((value) => value ?? null),
    profileId: z
      .uuid('Choose a person.')
      .nullish()
      .transform((value) => value ?? null),
    orderType: optionalText(60),
    clientId: z
      .uuid('Choose a client.')
      .nullish()
      .transform((value) => value ?? null),
    basis: z.enum(PAY_BASES, { error: 'Choose how the rule pays.' }),
    rate: rate('The rate'),
    tierAfter: z
      .number()
      .int('The tier count must be whole.')
      .max(100_000, 'The tier count is too large.')
      .nullish()
      .transform((value) => value ?? null),
    tierRate: rate('The tier rate')
      .nullish()
      .transform((value) => value ?? null),
    finderShareBp: share('The finder share'),
    partnerShareBp: share('The partner share'),
    excludedFeeTypes: z
      .array(z.string().trim().min(1).max(60))
      .max(40)
      .default([...DEFAULT_EXCLUDED_FEE_TYPES])
      .transform((names, context) => {
        const codes: string[] = []
        for (const name of names) {
          const type = findFeeType(name)
          if (!type) context.addIssue({ code: 'custom', message: `Unknown fee type '${name}'.` })
          else if (!codes.includes(type.code)) codes.push(type.code)
        }
        return codes
      }),
    holdback: z.boolean().default(false),
    effectiveFrom: day('Give the first day the rule applies, as YYYY-MM-DD.'),
    effectiveTo: day('Give the last day as YYYY-MM-DD.')
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((rule, context) => {
    for (const message of ruleProblems(rule)) context.addIssue({ code: 'custom', message })
  })
export type PayRuleInput = z.output<typeof payRuleInputSchema>

export const endRuleSchema = z.object({ effectiveTo: day('Give the last day the rule applies, as YYYY-MM-DD.') })

export const paySettingsSchema = z.object({
  cadence: z.enum(PAY_CADENCES, { error: 'Choose weekly or every two weeks.' }),
  anchor: day('Give the first day of a period, as YYYY-MM-DD.'),
})

const caseRef = {
  orderId: z
    .uuid('Choose an order.')
    .nullish()
    .transform((value) => value ?? null),
  caseId: z.coerce
    .number()
    .int()
    .positive('Choose an RDN case.')
    .nullish()
    .transform((value) => value ?? null),
}

const positiveCents = (label: string) =>
  z
    .number({ error: `${label} must be a number of cents.` })
    .int(`${label} must be whole cents.`)
    .min(1, `${label} must be more than zero.`)
    .max(MAX_CENTS, `${label} is too large.`)

/** A manual line: an adjustment either way, a chargeback tied to a case, or logged work a rule prices. */
export const payEntryInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('adjustment'),
    profileId: z.uuid('Choose a person.'),
    occurredOn: day('Give the day, as YYYY-MM-DD.'),
    amountCents: z
      .number({ error: 'The amount must be a number of cents.' })
      .int('The amount must be whole cents.')
      .min(-MAX_CENTS)
      .max(MAX_CENTS)
      .refine((value) => value !== 0, 'An adjustment cannot be zero.'),
    note: z.string().trim().min(1, 'Say why.').max(500),
    ...caseRef,
  }),
  z
    .object({
      kind: z.literal('chargeback'),
      profileId: z.uuid('Choose a person.'),
      occurredOn: day('Give the day, as YYYY-MM-DD.'),
      amountCents: positiveCents('The amount'),
      reason: z.enum(CHARGEBACK_REASONS, { error: 'Choose a reason.' }),
      note: optionalText(500),
      ...caseRef,
    })
    .refine((entry) => entry.orderId !== null || entry.caseId !== null, {
      message: 'A chargeback is tied to a case.',
      path: ['orderId'],
    }),
  z
    .object({
      kind: z.enum(LOGGED_WORK_KINDS, { error: 'Choose the work.' }),
      profileId: z.uuid('Choose a person.'),
      occurredOn: day('Give the day, as YYYY-MM-DD.'),
      miles: z
        .number()
        .min(0, 'Miles cannot be negative.')
        .max(10_000)
        .nullish()
        .transform((value) => value ?? null),
      hours: z
        .number()
        .min(0, 'Hours cannot be negative.')
        .max(24, 'At most 24 hours a day.')
        .nullish()
        .transform((value) => value ?? null),
      note: optionalText(500),
      ...caseRef,
    })
    .refine((entry) => entry.orderId !== null || entry.caseId !== null, {
      message: 'Logged work is tied to a case.',
      path: ['orderId'],
    }),
  z
    .object({
      kind: z.literal('team_partner'),
      profileId: z.uuid('Choose a person.'),
      occurredOn: day('Give the day, as YYYY-MM-DD.'),
      note: optionalText(500),
      ...caseRef,
    })
    .refine((entry) => entry.orderId !== null || entry.caseId !== null, {
      message: 'Name the recovery the partner worked.',
      path: ['orderId'],
    }),
])
export type PayEntryInput = z.output<typeof payEntryInputSchema>

export const vendorCostInputSchema = z.object({
  vendorId: z.uuid('Choose a vendor.'),
  kind: z.enum(['keys', 'transport', 'other'], { error: 'Choose keys, transport or other.' }),
  incurredOn: day('Give the day, as YYYY-MM-DD.'),
  amountCents: positiveCents('The amount'),
  note: optionalText(500),
  ...caseRef,
})
export type VendorCostInput = z.output<typeof vendorCostInputSchema>

export const periodQuerySchema = z.object({ period: day('Give the period as its first day, YYYY-MM-DD.').optional() })
export const linesQuerySchema = z.object({ person: z.uuid('Choose a person.').optional() })
export const yearQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() })

/** 'Mark paid' on a locked period (issue 41): the day people were paid and the payment's reference. */
export const markPaidSchema = z.object({
  paidOn: day('Give the pay date, as YYYY-MM-DD.'),
  reference: z
    .string({ error: 'Give the payment reference (a check number, ACH batch or payroll run).' })
    .trim()
    .min(1, 'Give the payment reference (a check number, ACH batch or payroll run).')
    .max(100, 'Keep the reference to 100 characters.'),
})
export type MarkPaidInput = z.output<typeof markPaidSchema>

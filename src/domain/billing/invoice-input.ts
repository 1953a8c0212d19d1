import { z } from 'zod'
import { FEE_REQUEST_STATUSES } from './fee-request-status'
import { INVOICE_QUEUE_NAMES, INVOICE_STATUSES } from './invoice-status'
import { cents, day, optionalText } from './rate-card-input'

// What Invoice Management's forms send (issue 17): each bad field a 400 naming it.

const page = z.coerce.number().int().min(1).max(10_000).default(1)

export const invoiceQueueQuerySchema = z.object({
  queue: z.enum(INVOICE_QUEUE_NAMES, { error: 'Choose a queue.' }).default('drafts'),
  page,
  q: optionalText(60),
})

/** A page of a client's statement on the screen. */
export const statementQuerySchema = z.object({ page })

export const invoiceMoveSchema = z.object({
  status: z.enum(INVOICE_STATUSES, { error: 'Choose a status.' }),
  reason: optionalText(500),
  approved: z
    .array(z.object({ lineId: z.uuid('Choose a line.'), approvedCents: cents('The approved amount') }))
    .max(200)
    .nullish()
    .transform((value) => value ?? null),
})

export const storageStopSchema = z.object({
  event: z.enum(['release', 'transport', 'redemption'], { error: 'Choose release, transport or redemption.' }),
  at: z.iso.datetime({ offset: true, error: 'Give the moment storage stopped.' }).transform((value) => new Date(value)),
})

export const paymentInputSchema = z
  .object({
    receivedOn: day('Give the day the payment came, as YYYY-MM-DD.'),
    reference: optionalText(100),
    amountCents: cents('The amount')
      .nullish()
      .transform((value) => value ?? null),
    lines: z
      .array(
        z.object({
          lineId: z.uuid('Choose a line.'),
          amountCents: cents('The amount'),
          shortPayReason: optionalText(300),
        }),
      )
      .min(1, 'Pay at least one line.')
      .max(200)
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((input) => (input.amountCents === null) !== (input.lines === null), {
    message: 'Give an amount or the amount of each line.',
    path: ['amountCents'],
  })

const FEE_REQUEST_FILTERS = ['open', 'all', ...FEE_REQUEST_STATUSES] as const
export const feeRequestQuerySchema = z.object({
  status: z.enum(FEE_REQUEST_FILTERS, { error: 'Choose a state.' }).default('open'),
  page,
  orderId: z.uuid().optional(),
  caseId: z.coerce.number().int().min(1).optional(),
})

export const feeRequestInputSchema = z
  .object({
    orderId: z.uuid('Choose an order.').optional(),
    caseId: z.number().int().min(1).optional(),
    feeType: z.string().trim().min(1, 'Choose a fee type.'),
    amountCents: cents('The amount'),
    note: optionalText(1000),
  })
  .refine((input) => (input.orderId === undefined) !== (input.caseId === undefined), {
    message: 'Name the order or the case.',
    path: ['orderId'],
  })

export const feeRequestMoveSchema = z.object({
  status: z.enum(FEE_REQUEST_STATUSES, { error: 'Choose a state.' }),
  note: optionalText(1000),
})

/** The lender's account or loan number and its reference, as a draft invoice carries them (issue 41). */
export const invoiceReferencesSchema = z.object({
  accountNumber: optionalText(60),
  lenderReference: optionalText(100),
})

import { z } from 'zod'
import { evidenceFields, POSITION_PAIR, positionTogether } from './evidence'

// On-Hook and Yield (issue 44): acts recorded once, on the server's clock, with what the device
// says when it can (its clock, GPS position and accuracy) and an optional photo. Never edited: a
// correction is a new entry with a reason.

/** 'Yes with photo': the client wants a photo with every On-Hook. */
export const ON_HOOK_PHOTO_REQUIRED = 'This client wants a photo with every On-Hook (Yes with photo): add one.'

/** Why an address yielded nothing. */
export const YIELD_REASONS = {
  new_resident: 'New resident',
  vacant: 'Vacant',
  wrong_address: 'Wrong address',
  business_closed: 'Business closed',
  other: 'Other',
} as const
export type YieldReason = keyof typeof YIELD_REASONS

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined))

export const onHookSchema = z
  .object({
    ...evidenceFields,
    address: optionalText('Recovery address', 300),
    note: optionalText('Note', 1500),
  })
  .strict()
  .refine(positionTogether, POSITION_PAIR)
export type OnHookInput = z.output<typeof onHookSchema>

export const yieldSchema = z
  .object({
    ...evidenceFields,
    reason: z.enum(Object.keys(YIELD_REASONS) as [YieldReason, ...YieldReason[]], {
      error: `Reason is required: ${Object.values(YIELD_REASONS).join(', ')}.`,
    }),
    address: z
      .string({ error: 'Address is required: which address yielded nothing.' })
      .trim()
      .min(1, 'Address is required: which address yielded nothing.')
      .max(300, 'Address must be at most 300 characters.'),
    note: optionalText('Note', 1500),
  })
  .strict()
  .refine(positionTogether, POSITION_PAIR)
export type YieldInput = z.output<typeof yieldSchema>

/** A correction of a recorded On-Hook or Yield: why, and what it says now. */
export const recoveryActCorrectionSchema = z
  .object({
    reason: z
      .string({ error: 'Reason is required.' })
      .trim()
      .min(1, 'Reason is required: say what was wrong.')
      .max(500, 'Reason must be at most 500 characters.'),
    address: optionalText('Address', 300),
    note: optionalText('Note', 1500),
  })
  .strict()
export type RecoveryActCorrection = z.output<typeof recoveryActCorrectionSchema>

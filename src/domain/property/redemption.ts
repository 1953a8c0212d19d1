import { z } from 'zod'
import { formatCaseDate } from '../formats/dates'
import { daySchema } from '../formats/day'
import { ID_TYPES, releaseSignerSchema } from '../redemption/release'

// Issue 20: personal property given back to its owner (in parts, against an ID and a signed
// release), picked up by appointment, or disposed of once its hold is over and notice was sent.

export const NOTICE_METHODS = ['First-class mail', 'Certified mail', 'Email', 'Hand delivered'] as const
export const DISPOSAL_METHODS = ['Discarded', 'Donated', 'Destroyed', 'Turned over to police'] as const

const uuid = (message: string) => z.uuid(message)
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null)

const itemIds = z
  .array(uuid('Choose items from this inventory.'))
  .min(1, 'Choose at least one item.')
  .max(200)
  .refine((ids) => new Set(ids).size === ids.length, 'Choose each item once.')

/** Items to give back, and who signs for them. */
export const propertyReleaseSchema = z.object({ itemIds, signer: releaseSignerSchema })
export type PropertyReleaseInput = z.output<typeof propertyReleaseSchema>

export const handOverSchema = z.object({
  releasedTo: z.string().trim().min(2, 'Name the person who took the property.').max(120),
  idType: z.enum(ID_TYPES, { error: 'Choose the ID that was checked.' }),
  idLast4: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4}$/, 'Give the last four characters of the ID number.'),
})
export type HandOverInput = z.output<typeof handOverSchema>

/** A notice sent to the owner, with its proof (a receipt, a photo or a scan uploaded first). */
export const propertyNoticeSchema = z.object({
  sentOn: daySchema,
  method: z.enum(NOTICE_METHODS, { error: 'Choose how the notice was sent.' }),
  proofFileId: uuid('Upload the proof of notice.'),
})
export type PropertyNoticeInput = z.output<typeof propertyNoticeSchema>

/** Items disposed of once the hold is over, against a notice on record. */
export const propertyDisposalSchema = z.object({
  itemIds,
  method: z.enum(DISPOSAL_METHODS, { error: 'Choose how the items were disposed of.' }),
  noticeId: uuid('Choose the notice that was sent.'),
})
export type PropertyDisposalInput = z.output<typeof propertyDisposalSchema>

export const APPOINTMENT_STATUSES = ['scheduled', 'kept', 'cancelled'] as const

export const appointmentSchema = z.object({
  startsAt: z.iso.datetime({ offset: true, error: 'Choose the date and time of the pickup.' }),
  personName: z.string().trim().min(2, 'Name the person coming.').max(120),
  phone: optionalText(40),
  notes: optionalText(500),
})
export type AppointmentInput = z.output<typeof appointmentSchema>

export const appointmentStatusSchema = z.object({
  status: z.enum(['kept', 'cancelled'], { error: 'Mark the pickup kept or cancelled.' }),
})

/** A company's own hold and notice days for a state. */
export const propertyRuleSchema = z
  .object({
    holdDays: z.number().int('Whole days.').min(1, 'At least 1 day.').max(365, 'At most 365 days.'),
    noticeDays: z.number().int('Whole days.').min(0, 'At least 0 days.').max(365, 'At most 365 days.'),
  })
  .refine((rule) => rule.noticeDays <= rule.holdDays, {
    message: 'The notice is due before the hold ends.',
    path: ['noticeDays'],
  })
export type PropertyRuleInput = z.output<typeof propertyRuleSchema>

export const STATE_CODE = /^[A-Z]{2}$/

/**
 * Why held items may not be disposed of on `today` (null when they may): the hold is not over, or
 * the notice chosen (`field`: the form's noticeId) is not one sent in time.
 */
export function disposalProblem(input: {
  today: string
  holdUntil: string
  notices: { id: string; sentOn: string }[]
  noticeId: string
}): { message: string; field?: 'noticeId' } | null {
  if (input.today <= input.holdUntil)
    return { message: `Property is held until ${formatCaseDate(input.holdUntil)}: it cannot be disposed of before.` }
  const notice = input.notices.find((candidate) => candidate.id === input.noticeId)
  if (!notice) return { message: 'Choose a notice sent for this property.', field: 'noticeId' }
  if (notice.sentOn > input.holdUntil)
    return { message: 'The notice was sent after the hold ended: send a new one and wait.', field: 'noticeId' }
  return null
}

export type PropertyStage = 'held' | 'notice due' | 'ready to dispose' | 'closed'

/** Where an inventory stands on `today`. */
export function propertyStage(row: {
  heldItems: number
  holdUntil: string
  noticeDue: string
  lastNoticeOn: string | null
  today: string
}): PropertyStage {
  if (row.heldItems === 0) return 'closed'
  const noticedInTime = row.lastNoticeOn !== null && row.lastNoticeOn <= row.holdUntil
  if (row.today > row.holdUntil && noticedInTime) return 'ready to dispose'
  if (!row.lastNoticeOn) return 'notice due'
  return 'held'
}

import { z } from 'zod'
import { US_STATE_CODES } from '../geo/us-states'

/** SPEC.md section 5: the only order fields the detail's Edit mode may change. */
export const EDITABLE_ORDER_FIELDS = [
  'color',
  'license_plate',
  'borrower_name',
  'borrower_phone',
  'borrower_address',
  'borrower_city',
  'borrower_state',
  'borrower_zip',
  'borrower_work_address',
  'borrower_work_city',
  'borrower_work_state',
  'borrower_work_zip',
] as const
export type EditableOrderField = (typeof EDITABLE_ORDER_FIELDS)[number]
export type OrderEdits = Partial<Record<EditableOrderField, string | null>>

/** Blank text is stored as null. */
const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .transform((value) => value || null)
    .nullable()

const state = (label: string) =>
  text(2, label)
    .transform((value) => value?.toUpperCase() ?? null)
    .refine((value) => value === null || US_STATE_CODES.has(value), `${label} must be a two-letter US state code.`)

const zip = (label: string) =>
  text(10, label).refine(
    (value) => value === null || /^\d{5}(-\d{4})?$/.test(value),
    `${label} must be 5 digits or ZIP+4.`,
  )

const orderEditFields = {
  color: text(40, 'Color'),
  license_plate: text(15, 'License plate')
    .transform((value) => value?.toUpperCase() ?? null)
    .refine(
      (value) => value === null || /^[A-Z0-9 -]+$/.test(value),
      'License plate may hold only letters, digits, spaces and dashes.',
    ),
  borrower_name: text(200, 'Borrower name'),
  borrower_phone: text(30, 'Phone').refine(
    (value) => value === null || (/^[0-9()+.\-\s]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7),
    'Phone must have at least 7 digits and only digits, spaces and ( ) + - .',
  ),
  borrower_address: text(200, 'Home address'),
  borrower_city: text(100, 'City'),
  borrower_state: state('State'),
  borrower_zip: zip('ZIP'),
  borrower_work_address: text(200, 'Work address'),
  borrower_work_city: text(100, 'Work city'),
  borrower_work_state: state('Work state'),
  borrower_work_zip: zip('Work ZIP'),
} satisfies Record<EditableOrderField, z.ZodType>

/**
 * One save of Edit mode: the changed editable fields only (any other field is refused), and the
 * updated_at the editor started from, so a save over someone else's newer change is detected.
 */
export const orderEditSchema = z.object({
  expectedUpdatedAt: z.iso.datetime({ offset: true, message: 'expectedUpdatedAt must be the order’s updated_at.' }),
  changes: z
    .strictObject(orderEditFields, {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Not an editable field: ${issue.keys.join(', ')}.` : undefined,
    })
    .partial()
    .refine((changes) => Object.keys(changes).length > 0, 'Nothing to save.'),
})
export type OrderEditInput = z.input<typeof orderEditSchema>

import { z } from 'zod'
import { givenMoment } from '../cases/repossession'
import { US_STATE_CODES } from '../geo/us-states'
import { ORDER_PRIORITIES, ORDER_STATUSES, ORDER_WORK_FIELDS, type OrderWorkField } from './order-work'

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

/** A real calendar day as 'YYYY-MM-DD' (blank is none). */
const day = (label: string) =>
  text(10, label).refine((value) => {
    if (value === null) return true
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
    if (!match) return false
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    return date.toISOString().slice(0, 10) === value
  }, `${label} must be a date (YYYY-MM-DD).`)

/** A person's id, or null to take whoever is on the order off it. */
const personId = (label: string) => z.uuid({ error: `${label} must be a person’s id, or null for none.` }).nullable()

const orderWorkFields = {
  status: z.enum(ORDER_STATUSES, { error: `Unknown status. Choose one of: ${ORDER_STATUSES.join(', ')}.` }),
  priority: z.enum(ORDER_PRIORITIES, { error: `Unknown priority. Choose one of: ${ORDER_PRIORITIES.join(', ')}.` }),
  due_date: day('Due date'),
  assigned_agent_id: personId('Recovery agent'),
  assigned_camera_driver_id: personId('Camera car driver'),
} satisfies Record<OrderWorkField, z.ZodType>

/** Every field a save may name: the editable ones, then the work ones (field access only, checked by the server). */
export const ORDER_CHANGE_FIELDS = [...EDITABLE_ORDER_FIELDS, ...ORDER_WORK_FIELDS] as const
export type OrderChangeField = (typeof ORDER_CHANGE_FIELDS)[number]

/**
 * One save of Edit mode: the changed editable and work fields only (any other field is refused),
 * and the updated_at the editor started from, so a save over someone else's newer change is detected.
 */
export const orderEditSchema = z.object({
  expectedUpdatedAt: z.iso.datetime({ offset: true, message: 'expectedUpdatedAt must be the order’s updated_at.' }),
  changes: z
    .strictObject(
      // With the move to Repossessed, when it happened (else the move is stamped now: migration 039).
      {
        ...orderEditFields,
        ...orderWorkFields,
        repossessed_at: givenMoment('Repossessed at'),
        hold_reason: text(500, 'Hold reason'),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys' ? `Not an editable field: ${issue.keys.join(', ')}.` : undefined,
      },
    )
    .partial()
    .refine((changes) => Object.keys(changes).length > 0, 'Nothing to save.')
    .refine((changes) => changes.repossessed_at === undefined || changes.status === 'Repossessed', {
      path: ['repossessed_at'],
      message: 'Repossessed at goes with the move to Repossessed; correct it later with a reason.',
    })
    .refine((changes) => changes.hold_reason === undefined || changes.status !== undefined, {
      path: ['hold_reason'],
      message: 'Hold reason goes with the status it explains.',
    }),
})
export type OrderEditInput = z.input<typeof orderEditSchema>
export type OrderEdits = z.output<typeof orderEditSchema>['changes']

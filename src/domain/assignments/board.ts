import { z } from 'zod'
import { formatWhole } from '../formats/numbers'
import { ASSIGNMENT_STATES } from './assignment-state'

/** Issue 19: a bulk assignment takes at most this many cases at once. */
export const MAX_BULK_ASSIGN = 1_000
export const BOARD_PAGE_SIZE = 50

export const CASE_SOURCES = ['order', 'case'] as const
export type CaseSource = (typeof CASE_SOURCES)[number]

export const boardQuerySchema = z.strictObject(
  {
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    market: z.string().trim().min(1).max(100).optional(),
    agent: z.union([z.literal('unassigned'), z.uuid('The agent must be a person’s id or unassigned.')]).optional(),
    state: z.enum(ASSIGNMENT_STATES, { error: 'Choose Active, On Hold or Closed.' }).optional(),
    due: z.enum(['yes'], { error: 'Due is yes.' }).optional(),
    q: z.string().trim().max(100).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown filter: ${issue.keys.join(', ')}.` : undefined) },
)
export type BoardQuery = z.output<typeof boardQuerySchema>

const caseRef = z.strictObject({
  source: z.enum(CASE_SOURCES, { error: 'A case is an order or an RDN case.' }),
  id: z.uuid('A case id is a uuid.'),
})
export type CaseRef = z.output<typeof caseRef>

const cases = z
  .array(caseRef, { error: 'Name the cases to assign.' })
  .min(1, 'Choose at least one case.')
  .max(MAX_BULK_ASSIGN, `A bulk assignment takes at most ${formatWhole(MAX_BULK_ASSIGN)} cases at once.`)

/** Who to put on the cases: a person's id, null to take one off, absent to leave as it is. */
const person = (label: string) => z.uuid(`The ${label} must be a person’s id.`).nullable().optional()

export const assignInputSchema = z
  .strictObject({
    cases,
    agentId: person('recovery agent'),
    cameraDriverId: person('camera car driver'),
  })
  .refine((input) => input.agentId !== undefined || input.cameraDriverId !== undefined, {
    message: 'Choose a recovery agent or a camera car driver.',
    path: ['agentId'],
  })
export type AssignInput = z.output<typeof assignInputSchema>

export const stateInputSchema = z.strictObject({
  cases,
  state: z.enum(ASSIGNMENT_STATES, { error: 'Choose Active, On Hold or Closed.' }),
})
export type StateInput = z.output<typeof stateInputSchema>

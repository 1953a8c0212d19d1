import { z } from 'zod'
import { daySchema } from '../formats/day'
import { CASE_LIST_DEFAULTS } from './case-list-defaults'

/** SPEC.md section 5: page size of the case list. */
export const CASE_PAGE_SIZE = 50

/** Columns the list may be sorted by. */
export const CASE_SORT_COLUMNS = [
  'order_date',
  'case_number',
  'case_id',
  'debtor_name',
  'status',
  'make',
  'model',
  'year',
  'color',
  'vin',
  'lender_name',
  'detected_market',
  'repo_date',
  'updated_at',
] as const
export type CaseSortColumn = (typeof CASE_SORT_COLUMNS)[number]

const list = (item: z.ZodType<string>) =>
  z
    .union([item, z.array(item)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))

/**
 * The case list's query string (filters and page live there, SPEC.md section 5): repeated
 * status, substatus and market; an inclusive order_date range; a search text; sort and page.
 * The dashboards link here with a few more: an inclusive repo_date range, an exact lender, a
 * person's cases (their RDN agent ids) and stale (unfinished, no update for 48 hours).
 */
export const caseListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(CASE_LIST_DEFAULTS.page),
  sort: z.enum(CASE_SORT_COLUMNS).default(CASE_LIST_DEFAULTS.sort),
  dir: z.enum(['asc', 'desc']).default(CASE_LIST_DEFAULTS.dir),
  status: list(z.string().trim().min(1).max(50)),
  substatus: list(z.string().trim().min(1).max(200)),
  market: list(z.string().trim().min(1).max(100)),
  from: daySchema.optional(),
  to: daySchema.optional(),
  q: z.string().trim().max(100).optional(),
  // The dashboards' click-throughs: repossessed in a date range, one lender, one agent, stale.
  repo_from: daySchema.optional(),
  repo_to: daySchema.optional(),
  lender: z.string().trim().min(1).max(200).optional(),
  agent: z.uuid('must be a person id').optional(),
  stale: z.stringbool().optional(),
})
export type CaseListQuery = z.infer<typeof caseListQuerySchema>

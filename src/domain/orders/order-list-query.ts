import { z } from 'zod'
import { daySchema } from '../formats/day'
import { ORDER_PRIORITIES, ORDER_STATUSES } from './order-work'

/** The Orders list pages 50 at a time, as the case list (SPEC.md section 9). */
export const ORDER_PAGE_SIZE = 50

/** The market filter's value for an order without a detected market (SPEC.md section 4). */
export const UNKNOWN_MARKET = 'Unknown'

/** The agent and camera driver filters' value for orders nobody is assigned to. */
export const UNASSIGNED = 'unassigned'

/**
 * The list's columns, in table order: the key a row carries, the header people read, and the
 * sort key that orders by it. The table and its sort choices read this one list (the export writes
 * its own, fuller columns: exports/lists/orders.ts).
 */
export const ORDER_LIST_COLUMNS = [
  { key: 'case_number', label: 'Case #', sort: 'case_number' },
  { key: 'order_number', label: 'Order #', sort: 'order_number' },
  { key: 'borrower_name', label: 'Borrower', sort: 'borrower_name' },
  { key: 'vehicle', label: 'Vehicle', sort: 'make' },
  { key: 'vin', label: 'VIN', sort: 'vin' },
  { key: 'license_plate', label: 'Plate', sort: 'license_plate' },
  { key: 'status', label: 'Status', sort: 'status' },
  { key: 'priority', label: 'Priority', sort: 'priority' },
  { key: 'client_name', label: 'Client', sort: 'client' },
  { key: 'detected_market', label: 'Market', sort: 'market' },
  { key: 'agent_name', label: 'Agent', sort: 'agent' },
  { key: 'camera_driver_name', label: 'Camera Driver', sort: 'camera_driver' },
  { key: 'order_date', label: 'Order Date', sort: 'order_date' },
  { key: 'due_date', label: 'Due Date', sort: 'due_date' },
] as const

export const ORDER_SORT_COLUMNS = [
  'order_date',
  'due_date',
  'case_number',
  'order_number',
  'borrower_name',
  'make',
  'vin',
  'license_plate',
  'status',
  'priority',
  'client',
  'market',
  'agent',
  'camera_driver',
] as const
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number]

const list = <Item extends z.ZodType<string>>(item: Item) =>
  z
    .union([item, z.array(item)])
    .optional()
    .transform((value): z.infer<Item>[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]))

const personSchema = z.union([z.literal(UNASSIGNED), z.uuid(`must be a person id or '${UNASSIGNED}'`)])

/**
 * The Orders list's query string: repeated status, priority, client and market; one agent and
 * one camera driver (a person id, or 'unassigned'); inclusive order-date (from, to) and due-date
 * (due_from, due_to) ranges; a search text; sort, direction and page.
 */
export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: z.enum(ORDER_SORT_COLUMNS).default('order_date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  // SPEC.md section 4's 13 statuses and the priorities, lowest first (order-work.ts).
  status: list(z.enum(ORDER_STATUSES)),
  priority: list(z.enum(ORDER_PRIORITIES)),
  client: list(z.uuid('must be a client id')),
  market: list(z.string().trim().min(1).max(100)),
  agent: personSchema.optional(),
  camera_driver: personSchema.optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
  due_from: daySchema.optional(),
  due_to: daySchema.optional(),
  q: z.string().trim().max(100).optional(),
})
export type OrderListQuery = z.infer<typeof orderListQuerySchema>
/** What selects the orders (everything but sort and page): the list and its export share it. */
export type OrderListFilters = Omit<Partial<OrderListQuery>, 'page' | 'sort' | 'dir'>

type QueryValues = Record<string, string | string[]>

/** The query as query-string values (repeated keys for lists), empty ones and defaults left out. */
export function orderListQueryValues(query: Partial<OrderListQuery>): QueryValues {
  const values: QueryValues = {}
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      if (value.length) values[key] = value
    } else if (value !== undefined && value !== null && value !== '') values[key] = String(value)
  }
  return values
}

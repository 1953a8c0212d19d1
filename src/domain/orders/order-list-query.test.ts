import { describe, expect, it } from 'vitest'
import { ORDER_LIST_COLUMNS, ORDER_SORT_COLUMNS, orderListQuerySchema, orderListQueryValues } from './order-list-query'

const CLIENT = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'

describe('the Orders list query', () => {
  it('defaults to the first page, newest order date first, no filter', () => {
    expect(orderListQuerySchema.parse({})).toEqual({
      page: 1,
      sort: 'order_date',
      dir: 'desc',
      status: [],
      priority: [],
      client: [],
      market: [],
    })
  })

  it('takes one or many of each list, and a person or unassigned', () => {
    const query = orderListQuerySchema.parse({
      status: 'Pending On Hold',
      priority: ['low', 'critical'],
      client: CLIENT,
      market: ['Mobile', 'Unknown'],
      agent: 'unassigned',
      camera_driver: CLIENT,
      page: '3',
    })
    expect(query).toMatchObject({
      status: ['Pending On Hold'],
      priority: ['low', 'critical'],
      client: [CLIENT],
      market: ['Mobile', 'Unknown'],
      agent: 'unassigned',
      camera_driver: CLIENT,
      page: 3,
    })
  })

  it('accepts the 13 statuses of SPEC.md section 4 and nothing else', () => {
    for (const status of [
      'Open',
      'Closed',
      'On Hold',
      'Pending On Hold',
      'Pending Close',
      'Repossessed',
      'Charged Off',
      'Completed',
      'Completed-Located',
      'Office Transfer',
      'Need Info',
      'Hold For Billing',
      'Auction',
    ]) {
      expect(orderListQuerySchema.safeParse({ status }).success, status).toBe(true)
    }
    expect(orderListQuerySchema.safeParse({ status: 'open' }).success).toBe(false)
    expect(orderListQuerySchema.safeParse({ priority: 'normal' }).success).toBe(false)
    expect(orderListQuerySchema.safeParse({ agent: 'nobody' }).success).toBe(false)
    expect(orderListQuerySchema.safeParse({ due_from: '2025-02-30' }).success).toBe(false)
  })

  it('sorts by every listed column', () => {
    expect(ORDER_LIST_COLUMNS.map((column) => column.sort).sort()).toEqual([...ORDER_SORT_COLUMNS].sort())
  })

  it('writes back only what is set, lists as repeated values', () => {
    expect(
      orderListQueryValues({ status: ['Open', 'Auction'], market: [], q: '', agent: 'unassigned', page: 2 }),
    ).toEqual({
      status: ['Open', 'Auction'],
      agent: 'unassigned',
      page: '2',
    })
  })
})

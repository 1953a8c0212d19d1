import { describe, expect, it } from 'vitest'
import { STATUS_BADGE_COLORS } from '../cases/status-badges'
import { orderEditSchema } from './order-edit'
import { ORDER_PRIORITIES, ORDER_STATUSES, orderWorkMarket, worksOrderMarket } from './order-work'

describe('order statuses and priorities (SPEC.md section 4)', () => {
  it('are the 13 statuses with their badge colours, in the spec’s order, and the four order priorities', () => {
    expect(ORDER_STATUSES).toHaveLength(13)
    expect(Object.keys(STATUS_BADGE_COLORS)).toEqual([...ORDER_STATUSES])
    expect(ORDER_PRIORITIES).toEqual(['low', 'medium', 'high', 'critical'])
  })
})

describe('who works an order’s market', () => {
  it.each([
    ['Mobile', 'Mobile', true],
    ['Birmingham', 'Mobile', false],
    ['Birmingham, Mobile', 'Mobile', true],
    ['Birmingham; Mobile', 'Mobile', true],
    [null, 'Mobile', false],
    ['', 'Mobile', false],
    ['Mobile', null, true],
    [null, null, true],
    ['Birmingham', 'Unknown', true],
    ['Birmingham', ' ', true],
  ] as const)('a person of %o on an order of %o: %s', (person, order, expected) => {
    expect(worksOrderMarket(person, order)).toBe(expected)
  })

  it('reads a blank or Unknown detected market as none', () => {
    expect(orderWorkMarket('Unknown')).toBeNull()
    expect(orderWorkMarket('  ')).toBeNull()
    expect(orderWorkMarket(null)).toBeNull()
    expect(orderWorkMarket('Mobile')).toBe('Mobile')
  })
})

describe('order work field changes', () => {
  const expectedUpdatedAt = '2025-03-04T10:00:00.000Z'
  const parse = (changes: Record<string, unknown>) => orderEditSchema.safeParse({ expectedUpdatedAt, changes })
  const agentId = '0b6c2f1e-8d7a-4c1b-9e3f-2a5d6c7b8e9f'

  it.each([
    [{ status: 'Completed-Located' }, { status: 'Completed-Located' }],
    [{ priority: 'critical' }, { priority: 'critical' }],
    [{ due_date: '2028-02-29' }, { due_date: '2028-02-29' }],
    [{ due_date: '' }, { due_date: null }],
    [{ due_date: null }, { due_date: null }],
    [{ assigned_agent_id: agentId }, { assigned_agent_id: agentId }],
    [{ assigned_camera_driver_id: null }, { assigned_camera_driver_id: null }],
  ])('accepts %o as %o', (changes, expected) => {
    expect(parse(changes).data?.changes).toEqual(expected)
  })

  it.each([
    [{ status: 'Lost' }, ['status'], 'Unknown status. Choose one of: Open, Closed, On Hold,'],
    [{ status: 'open' }, ['status'], 'Unknown status.'],
    [{ status: null }, ['status'], 'Unknown status.'],
    [{ priority: 'normal' }, ['priority'], 'Unknown priority. Choose one of: low, medium, high, critical.'],
    [{ due_date: '2027-02-29' }, ['due_date'], 'Due date must be a date (YYYY-MM-DD).'],
    [{ due_date: '03/04/2027' }, ['due_date'], 'Due date must be a date (YYYY-MM-DD).'],
    [{ assigned_agent_id: 'x' }, ['assigned_agent_id'], 'Recovery agent must be a person’s id, or null for none.'],
    [{ assigned_camera_driver_id: 7 }, ['assigned_camera_driver_id'], 'Camera car driver must be'],
  ])('refuses %o naming the field', (changes, path, message) => {
    const issue = parse(changes).error?.issues[0]
    expect(issue?.path).toEqual(['changes', ...path])
    expect(issue?.message).toContain(message)
  })
})

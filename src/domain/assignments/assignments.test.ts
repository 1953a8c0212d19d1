import { describe, expect, it } from 'vitest'
import { assignInputSchema, boardQuerySchema, MAX_BULK_ASSIGN } from './board'
import { coversCase, suggestAgent } from './suggestion'
import { isUpdateDue, type UpdateClock, updateDueAt } from './update-due'

const at = (iso: string) => new Date(iso)
const clock = (over: Partial<UpdateClock>): UpdateClock => ({
  agentAssigned: true,
  state: 'Active',
  assignedAt: at('2026-11-01T12:00:00Z'),
  lastUpdateAt: null,
  cadenceDays: 3,
  ...over,
})

describe('update-due clock (issue 19)', () => {
  it.each([
    ['no update: a cadence after assignment', clock({}), '2026-11-04T12:00:00.000Z'],
    [
      'after the last Agent Update',
      clock({ lastUpdateAt: at('2026-11-03T08:00:00Z'), cadenceDays: 5 }),
      '2026-11-08T08:00:00.000Z',
    ],
    ['no clock without an agent', clock({ agentAssigned: false }), null],
    ['no clock on hold', clock({ state: 'On Hold' }), null],
    ['no clock once closed', clock({ state: 'Closed' }), null],
  ])('%s', (_name, input, due) => {
    expect(updateDueAt(input)?.toISOString() ?? null).toBe(due)
  })

  it.each([
    ['2026-11-04T11:59:59Z', false],
    ['2026-11-04T12:00:00Z', true],
    ['2026-11-20T00:00:00Z', true],
  ])('at %s is due: %s', (now, due) => {
    expect(isUpdateDue(clock({}), at(now))).toBe(due)
  })
})

describe('suggested agent', () => {
  const agents = [
    { id: 'a', name: 'Ana', markets: ['Mobile'], load: 4 },
    { id: 'b', name: 'Bo', markets: ['Mobile', 'Birmingham'], load: 2 },
    { id: 'c', name: 'Cy', markets: ['Birmingham'], load: 0 },
    { id: 'd', name: 'Al', markets: ['Mobile'], load: 2 },
  ]
  it.each([
    ['the least loaded covering agent, by name on a tie', 'Mobile', 'd'],
    ['only covering agents count', 'Birmingham', 'c'],
    ['nobody covers', 'Huntsville', null],
    ['a case without a market', null, null],
  ])('%s', (_name, market, id) => {
    expect(suggestAgent(agents, market)?.id ?? null).toBe(id)
  })
  it('covers by the market of the case', () => {
    expect(coversCase({ markets: ['Mobile'] }, 'Mobile')).toBe(true)
    expect(coversCase({ markets: ['Mobile'] }, null)).toBe(false)
  })
})

describe('board input', () => {
  const id = '00000000-0000-4000-8000-000000000001'
  it.each([
    [{ cases: [], agentId: id }, 'Choose at least one case.'],
    [{ cases: [{ source: 'order', id }] }, 'Choose a recovery agent or a camera car driver.'],
    [{ cases: [{ source: 'lot', id }], agentId: id }, 'A case is an order or an RDN case.'],
    [{ cases: [{ source: 'order', id: 'x' }], agentId: id }, 'A case id is a uuid.'],
    [
      { cases: Array.from({ length: MAX_BULK_ASSIGN + 1 }, () => ({ source: 'order', id })), agentId: id },
      'A bulk assignment takes at most 1,000 cases at once.',
    ],
  ])('refuses %j', (input, message) => {
    const result = assignInputSchema.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe(message)
  })
  it('takes an agent off with null and leaves the driver alone', () => {
    expect(assignInputSchema.parse({ cases: [{ source: 'case', id }], agentId: null })).toEqual({
      cases: [{ source: 'case', id }],
      agentId: null,
    })
  })
  it('names an unknown board filter', () => {
    expect(boardQuerySchema.safeParse({ colour: 'red' }).error?.issues[0].message).toBe('Unknown filter: colour.')
  })
})

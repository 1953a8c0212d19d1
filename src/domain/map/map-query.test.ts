import { describe, expect, it } from 'vitest'
import { mapQuerySchema, windowRange } from './map-query'

const NOW = new Date('2026-11-27T18:00:00Z')
const HOURS = 3_600_000

describe('the map windows: what each covers', () => {
  it.each([
    ['all', undefined, undefined, null],
    ['24h', undefined, undefined, { since: new Date(NOW.getTime() - 24 * HOURS), until: null }],
    ['7d', undefined, undefined, { since: new Date(NOW.getTime() - 7 * 24 * HOURS), until: null }],
    ['30d', undefined, undefined, { since: new Date(NOW.getTime() - 30 * 24 * HOURS), until: null }],
    // Custom days are the agency's (Chicago): midnight there, 5 h behind UTC in summer time, 6 h in winter.
    [
      'custom',
      '2026-11-01',
      '2026-11-02',
      { since: new Date('2026-11-01T05:00:00Z'), until: new Date('2026-11-03T06:00:00Z') },
    ],
    [
      'custom',
      '2026-12-31',
      '2026-12-31',
      { since: new Date('2026-12-31T06:00:00Z'), until: new Date('2027-01-01T06:00:00Z') },
    ],
  ] as const)('%s', (window, from, to, expected) => {
    expect(windowRange({ window, from, to }, NOW)).toEqual(expected)
  })
})

describe('the map query', () => {
  it('opens on the whole world at zoom 4, every window, every status', () => {
    expect(mapQuerySchema.parse({})).toEqual({
      zoom: 4,
      west: -180,
      south: -90,
      east: 180,
      north: 90,
      status: [],
      window: 'all',
    })
  })

  it('brings a wrapped longitude back and reads an empty number as none', () => {
    expect(mapQuerySchema.parse({ west: '190', east: '-200', zoom: '' })).toMatchObject({
      west: -170,
      east: 160,
      zoom: 4,
    })
  })

  it.each([
    [{ window: 'year' }, 'window', 'Choose 24h, 7d, 30d, custom or all.'],
    [{ window: 'custom', to: '2026-11-02' }, 'from', 'A custom window needs its first and last day.'],
    [{ window: 'custom', from: '2026-11-03', to: '2026-11-02' }, 'from', 'The first day must not be after the last.'],
    [{ from: '3 Nov' }, 'from', 'Give the first day as YYYY-MM-DD.'],
    [{ south: '10', north: '5' }, 'south', 'The view’s south must be below its north.'],
    [{ status: 'Open,Gone' }, 'status', "Unknown status 'Gone'."],
    [{ agent: 'Alex' }, 'agent', 'The agent must be a person’s id.'],
    [{ west: 'far' }, 'west', 'west must be a number of degrees.'],
    [{ colour: 'red' }, '', 'Unknown filter: colour.'],
  ])('refuses %j naming %s', (query, field, message) => {
    const result = mapQuerySchema.safeParse(query)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe(message)
    expect(result.error?.issues[0].path.join('.')).toBe(field)
  })
})

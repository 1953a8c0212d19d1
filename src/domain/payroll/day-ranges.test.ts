import { describe, expect, it } from 'vitest'
import { joinedRanges } from './day-ranges'

describe('joinedRanges', () => {
  it.each([
    { name: 'none', ranges: [], joined: [] },
    {
      name: 'one',
      ranges: [{ from: '2026-03-02', to: '2026-03-08' }],
      joined: [{ from: '2026-03-02', to: '2026-03-08' }],
    },
    {
      name: 'weeks side by side, out of order, become one',
      ranges: [
        { from: '2026-03-09', to: '2026-03-15' },
        { from: '2026-03-02', to: '2026-03-08' },
      ],
      joined: [{ from: '2026-03-02', to: '2026-03-15' }],
    },
    {
      name: 'a lookback overlapping the period before',
      ranges: [
        { from: '2026-02-23', to: '2026-03-15' },
        { from: '2026-03-02', to: '2026-03-08' },
      ],
      joined: [{ from: '2026-02-23', to: '2026-03-15' }],
    },
    {
      name: 'a week a year back stays apart',
      ranges: [
        { from: '2026-03-02', to: '2026-03-08' },
        { from: '2025-03-03', to: '2025-03-09' },
        { from: '2026-03-09', to: '2026-03-15' },
      ],
      joined: [
        { from: '2025-03-03', to: '2025-03-09' },
        { from: '2026-03-02', to: '2026-03-15' },
      ],
    },
    {
      name: 'a gap of one day keeps them apart',
      ranges: [
        { from: '2026-03-02', to: '2026-03-07' },
        { from: '2026-03-09', to: '2026-03-15' },
      ],
      joined: [
        { from: '2026-03-02', to: '2026-03-07' },
        { from: '2026-03-09', to: '2026-03-15' },
      ],
    },
  ])('$name', ({ ranges, joined }) => {
    expect(joinedRanges(ranges)).toEqual(joined)
  })
})

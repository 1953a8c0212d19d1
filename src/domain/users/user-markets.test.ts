import { describe, expect, it } from 'vitest'
import { canonicalMarket, OUTSIDE_AREA, userMarketChoices } from './user-markets'

describe("a person's market choices", () => {
  it('are the configured markets by name, once each, then Outside Area', () => {
    expect(userMarketChoices(['Mobile', 'Birmingham', 'Mobile', OUTSIDE_AREA])).toEqual([
      'Birmingham',
      'Mobile',
      OUTSIDE_AREA,
    ])
    expect(userMarketChoices([])).toEqual([OUTSIDE_AREA])
  })

  it.each([
    ['mobile ', 'Mobile'],
    ['  PHENIX   city', 'Phenix City'],
    ['outside area', OUTSIDE_AREA],
    ['Mobile', 'Mobile'],
  ])('reads %j as %j', (typed, canonical) => {
    expect(canonicalMarket(typed, ['Mobile', 'Phenix City', OUTSIDE_AREA])).toBe(canonical)
  })

  it('reads an unknown or ambiguous market as none', () => {
    expect(canonicalMarket('Mobil', ['Mobile'])).toBeNull()
    expect(canonicalMarket('mobile', ['Mobile', 'MOBILE'])).toBeNull()
  })
})

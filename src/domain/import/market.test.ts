import { describe, expect, it, vi } from 'vitest'
import { detectImportMarket } from './market'

describe('import market detection (SPEC.md section 9)', () => {
  const zipTable = new Map([['36602', 'Mobile']])
  const lots = [
    { market: 'Birmingham', latitude: 33.5186, longitude: -86.8104 },
    { market: 'Montgomery', latitude: 32.3668, longitude: -86.3 },
  ]
  const place = (zip: string | null, city: string | null, state: string | null, address: string | null = null) => ({
    zip,
    city,
    state,
    address,
  })
  it.each([
    [place('36602', 'Anywhere', 'GA'), null, { market: 'Mobile', confidence: 95, method: 'zip_code' }],
    [
      place('36117', null, 'AL'),
      { lat: 32.38, lng: -86.2 },
      { market: 'Montgomery', confidence: 85, method: 'proximity' },
    ],
    [place(null, 'North Birmingham', 'AL'), null, { market: 'Birmingham', confidence: 80, method: 'city' }],
    [place(null, 'Huntsville', 'AL'), null, { market: 'Huntsville', confidence: 80, method: 'city' }],
    [
      place(null, 'Daphne', 'AL', 'Baldwin County Rd 12'),
      null,
      { market: 'Mobile', confidence: 30, method: 'state_fallback' },
    ],
    [place(null, 'Madison', 'AL'), null, { market: 'Huntsville', confidence: 30, method: 'state_fallback' }],
    [place(null, 'Troy', 'AL'), null, { market: 'Montgomery', confidence: 30, method: 'state_fallback' }],
    [place(null, 'Cullman', 'AL'), null, { market: 'Birmingham', confidence: 25, method: 'state_fallback' }],
    [place(null, 'Atlanta', 'GA'), null, { market: 'Birmingham', confidence: 20, method: 'state_fallback' }],
    [place(null, 'Austin', 'TX'), null, { market: null, confidence: 0, method: 'unknown' }],
  ])('%o at %o -> %o', (where, geocoded, expected) => {
    expect(detectImportMarket(where, zipTable, lots, () => geocoded)).toEqual(expected)
  })
  it('without lots, a geocoded place falls through to the city rule', () => {
    expect(
      detectImportMarket(place(null, 'Mobile', 'AL'), zipTable, [], () => ({ lat: 30.7, lng: -88 })),
    ).toMatchObject({
      method: 'city',
    })
  })
  it('geocodes only when a lot could be the answer', () => {
    const geocode = vi.fn(() => ({ lat: 30.7, lng: -88 }))
    detectImportMarket(place('36602', 'Mobile', 'AL'), zipTable, lots, geocode)
    detectImportMarket(place(null, 'Mobile', 'AL'), zipTable, [], geocode)
    expect(geocode).not.toHaveBeenCalled()
    detectImportMarket(place(null, 'Mobile', 'AL'), zipTable, lots, geocode)
    expect(geocode).toHaveBeenCalledOnce()
  })
})

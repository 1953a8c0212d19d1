import { describe, expect, it } from 'vitest'
import { mapStorageLocation } from './storage-location'

// SPEC.md section 5: only a Repossessed case has a storage location; three auction/rental places
// are 'Direct Drop', a lot naming a market city is that city's lot, anything else shows as it came.

describe('storage location', () => {
  it.each([
    ['Repossessed', 'Manheim Birmingham', 'Direct Drop'],
    ['Repossessed', '  enterprise rent-a-car ', 'Direct Drop'],
    ['Repossessed', 'COPART MOBILE', 'Direct Drop'],
    ['Repossessed', 'ABC Towing - Birmingham yard', 'Birmingham Lot'],
    ['Repossessed', 'mobile storage', 'Mobile Lot'],
    ['Repossessed', 'Montgomery impound', 'Montgomery Lot'],
    ['Repossessed', 'PhenixCity secure lot', 'Phenix City Lot'],
    ['Repossessed', 'Union  City', 'Union City Lot'],
    ['Repossessed', 'Copart Atlanta', 'Copart Atlanta'],
    ['Repossessed', '   ', null],
    ['Repossessed', null, null],
    ['Open', 'Manheim Birmingham', null],
    ['Pending Close', 'Mobile Lot', null],
    [null, 'Mobile Lot', null],
  ])('%s at %j -> %j', (status, location, expected) => {
    expect(mapStorageLocation(status, location)).toBe(expected)
  })
})

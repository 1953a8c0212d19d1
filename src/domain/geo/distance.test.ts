import { describe, expect, it } from 'vitest'
import { greatCircleMiles } from './distance'

// SPEC.md section 9: great-circle miles on an Earth of radius 3959 miles (market detection's
// nearest lot). Expected figures worked out by hand with that radius.

describe('great-circle miles', () => {
  it.each([
    ['the same point', { lat: 33.5186, lng: -86.8104 }, { lat: 33.5186, lng: -86.8104 }, 0],
    ['a quarter of the equator (pi / 2 x 3959)', { lat: 0, lng: 0 }, { lat: 0, lng: 90 }, 6218.78],
    ['to the far side of the Earth (pi x 3959)', { lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 12437.57],
    ['Birmingham to Mobile', { lat: 33.5186, lng: -86.8104 }, { lat: 30.6954, lng: -88.0399 }, 207.92],
    ['Huntsville to Montgomery', { lat: 34.7304, lng: -86.5861 }, { lat: 32.3792, lng: -86.3077 }, 163.25],
  ])('%s', (_name, a, b, miles) => {
    expect(greatCircleMiles(a, b)).toBeCloseTo(miles, 2)
    expect(greatCircleMiles(b, a)).toBeCloseTo(miles, 2)
  })
})

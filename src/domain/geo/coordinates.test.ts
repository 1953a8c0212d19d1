import { describe, expect, it } from 'vitest'
import { formatCoordinates, parseCoordinates, parseCoordinateText } from './coordinates'

describe('coordinate text (SPEC.md section 5)', () => {
  it.each([
    ['33.5186,-86.8104', { lat: 33.5186, lng: -86.8104 }],
    ['33.5186, -86.8104', { lat: 33.5186, lng: -86.8104 }],
    ['(33.5186,-86.8104)', { lat: 33.5186, lng: -86.8104 }],
    ['( 30.6954 , -88.0399 )', { lat: 30.6954, lng: -88.0399 }],
    ['33.5186 -86.8104', { lat: 33.5186, lng: -86.8104 }],
    ['  +33   -86  ', { lat: 33, lng: -86 }],
    ['90,180', { lat: 90, lng: 180 }],
    ['-90,-180', { lat: -90, lng: -180 }],
    ['0 0', { lat: 0, lng: 0 }],
  ])('%s reads as %o', (text, value) => {
    expect(parseCoordinates(text)).toEqual(value)
  })

  it.each([
    ['90.000001,0', 'Latitude must be between -90 and 90.'],
    ['-90.5,0', 'Latitude must be between -90 and 90.'],
    ['0,180.000001', 'Longitude must be between -180 and 180.'],
    ['0,-181', 'Longitude must be between -180 and 180.'],
    ['', "Enter coordinates as 'lat,lng', '(lat,lng)' or 'lat lng'."],
    ['123 Main St', "Enter coordinates as 'lat,lng', '(lat,lng)' or 'lat lng'."],
    ['33.5,-86.8,1', "Enter coordinates as 'lat,lng', '(lat,lng)' or 'lat lng'."],
    ['(33.5 -86.8)', "Enter coordinates as 'lat,lng', '(lat,lng)' or 'lat lng'."],
    ['1e2,3', "Enter coordinates as 'lat,lng', '(lat,lng)' or 'lat lng'."],
  ])('%s is refused: %s', (text, reason) => {
    expect(parseCoordinateText(text)).toEqual({ ok: false, reason })
  })

  it('shows 6 decimals', () => {
    expect(formatCoordinates({ lat: 33.5, lng: -86.81040049 })).toBe('33.500000, -86.810400')
  })
})

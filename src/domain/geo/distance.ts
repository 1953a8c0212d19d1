import type { Coordinates } from './coordinates'

/** SPEC.md section 9: Earth radius in miles for great-circle distances. */
export const EARTH_RADIUS_MILES = 3959

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle (haversine) distance in miles. */
export function greatCircleMiles(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.lat - a.lat)
  const dLng = radians(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

import type { Coordinates } from '../../../domain/geo/coordinates'

/** One place a geocoder found. */
export type Place = {
  address: string | null
  city: string | null
  state: string | null
  zipCode: string | null
  formattedAddress: string
  latitude: number
  longitude: number
}

/** Forward and reverse lookups; null when nothing was found, a throw when the lookup failed. */
export type Geocoder = {
  forward: (address: string) => Promise<Place | null>
  reverse: (coordinates: Coordinates) => Promise<Place | null>
}

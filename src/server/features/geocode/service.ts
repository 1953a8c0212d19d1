import { parseCoordinates } from '../../../domain/geo/coordinates'
import type { AppDeps } from '../../app-env'
import type { Geocoder, Place } from '../../integrations/geocoding/geocoder'
import { createHttpGeocoder } from '../../integrations/geocoding/http-geocoder'
import { createOfflineZipGeocoder } from '../../integrations/geocoding/offline-zip-geocoder'

/** SPEC.md section 7's geocode-address response; latitude and longitude are read too. */
export type GeocodeResponse = {
  success: boolean
  address: string | null
  city: string | null
  state: string | null
  zipCode: string | null
  formattedAddress: string | null
  latitude: number | null
  longitude: number | null
  error: string | null
}

export const GEOCODE_ERRORS = {
  noCoordinateResult: 'No results found for coordinates',
  reverseFailed: 'Failed to reverse geocode coordinates',
  noAddressResult: 'No results found for address',
  forwardFailed: 'Failed to geocode address',
} as const

const failure = (error: string): GeocodeResponse => ({
  success: false,
  address: null,
  city: null,
  state: null,
  zipCode: null,
  formattedAddress: null,
  latitude: null,
  longitude: null,
  error,
})

const offline = createOfflineZipGeocoder()

/** The configured HTTP geocoder first (when there is one), then the offline ZIP table. */
function geocodersFor(deps: AppDeps): Geocoder[] {
  if (!deps.config.geocoderUrl) return [offline]
  return [createHttpGeocoder(deps.config.geocoderUrl, `RecoveryDesk (${deps.config.baseUrl})`), offline]
}

async function firstFound(
  deps: AppDeps,
  lookup: (geocoder: Geocoder) => Promise<Place | null>,
): Promise<{ place: Place | null; failed: boolean }> {
  let failed = false
  for (const geocoder of geocodersFor(deps)) {
    try {
      const place = await lookup(geocoder)
      if (place) return { place, failed: false }
    } catch (error) {
      failed = true
      deps.logger.warn({ err: error }, 'Geocoder failed; trying the next one')
    }
  }
  return { place: null, failed }
}

/**
 * geocode-address: 'lat,lng' (any of SPEC.md section 5's forms) is a reverse lookup, anything
 * else a forward one. Failures come back as success false with null fields, never as a 500.
 */
export async function geocodeAddress(deps: AppDeps, text: string): Promise<GeocodeResponse> {
  const coordinates = parseCoordinates(text)
  const { place, failed } = await firstFound(deps, (geocoder) =>
    coordinates ? geocoder.reverse(coordinates) : geocoder.forward(text),
  )
  if (place) return { success: true, ...place, error: null }
  if (coordinates) return failure(failed ? GEOCODE_ERRORS.reverseFailed : GEOCODE_ERRORS.noCoordinateResult)
  return failure(failed ? GEOCODE_ERRORS.forwardFailed : GEOCODE_ERRORS.noAddressResult)
}

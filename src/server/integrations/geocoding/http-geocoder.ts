import type zipcodesModule from 'zipcodes'
import { lazyRequire } from '../../lib/lazy-require'
import type { Geocoder, Place } from './geocoder'

const zipcodes = lazyRequire<typeof zipcodesModule>('zipcodes')

const TIMEOUT_MS = 5_000

type NominatimResult = {
  lat: string
  lon: string
  display_name: string
  address?: Record<string, string | undefined>
}

function toPlace(result: NominatimResult): Place {
  const address = result.address ?? {}
  const street = [address.house_number, address.road].filter(Boolean).join(' ') || null
  const stateName = address.state ?? null
  const state = stateName ? (zipcodes().states.normalize(stateName.toUpperCase()) ?? stateName) : null
  return {
    address: street,
    city: address.city ?? address.town ?? address.village ?? address.hamlet ?? null,
    state: state && state.length === 2 ? state : stateName,
    zipCode: address.postcode?.slice(0, 5) ?? null,
    formattedAddress: result.display_name,
    latitude: Number(result.lat),
    longitude: Number(result.lon),
  }
}

/**
 * A Nominatim-compatible HTTP geocoder at `baseUrl` (GEOCODER_URL), for street-level results when
 * the deployment can reach one. Throws on network or HTTP failure; the caller falls back.
 */
export function createHttpGeocoder(baseUrl: string, userAgent: string): Geocoder {
  async function call(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
    for (const [key, value] of Object.entries({ format: 'jsonv2', addressdetails: '1', ...params })) {
      url.searchParams.set(key, value)
    }
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': userAgent },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`Geocoder answered ${response.status}`)
    return response.json()
  }
  return {
    async forward(address) {
      const results = (await call('search', { q: address, limit: '1', countrycodes: 'us' })) as NominatimResult[]
      return Array.isArray(results) && results[0] ? toPlace(results[0]) : null
    },
    async reverse({ lat, lng }) {
      const result = (await call('reverse', { lat: String(lat), lon: String(lng) })) as NominatimResult & {
        error?: string
      }
      return result && !result.error && result.lat ? toPlace(result) : null
    },
  }
}

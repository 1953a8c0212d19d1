import type zipcodesModule from 'zipcodes'
import type { Coordinates } from '../../../domain/geo/coordinates'
import { greatCircleMiles } from '../../../domain/geo/distance'
import { lazyRequire } from '../../lib/lazy-require'
import type { Geocoder, Place } from './geocoder'

const zipcodes = lazyRequire<typeof zipcodesModule>('zipcodes')

/** Farther than this from every US ZIP centre, coordinates are not in a place we can name. */
const MAX_REVERSE_MILES = 50

type ZipRecord = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }

let usZips: ZipRecord[] | null = null
const allUsZips = () => {
  usZips ??= (Object.values(zipcodes().codes) as ZipRecord[]).filter(
    // Military (APO/FPO) ZIPs carry 0,0: no place to be near.
    (code) => code.country === 'US' && Boolean(code.latitude || code.longitude),
  )
  return usZips
}

function zipPlace(record: ZipRecord, address: string | null, at?: Coordinates): Place {
  return {
    address,
    city: record.city,
    state: record.state,
    zipCode: record.zip,
    formattedAddress: [address, `${record.city}, ${record.state} ${record.zip}`].filter(Boolean).join(', '),
    latitude: at?.lat ?? record.latitude,
    longitude: at?.lng ?? record.longitude,
  }
}

/** The centre of a US ZIP (5 digits or ZIP+4), or null when the package does not know it. */
export function zipCentre(zip: string | null | undefined): Coordinates | null {
  const five = zip?.trim().slice(0, 5)
  if (!five || !/^\d{5}$/.test(five)) return null
  const record = zipcodes().lookup(five) as ZipRecord | undefined
  return record && record.country === 'US' && (record.latitude || record.longitude)
    ? { lat: record.latitude, lng: record.longitude }
    : null
}

let centres: Map<string, Coordinates> | null = null

/**
 * The centre of a five-digit US ZIP from an index built once: the map places tens of thousands of
 * ZIPs per request (zipCentre's normalising lookup is for addresses as people type them).
 */
export function fiveDigitZipCentre(zip: string | null): Coordinates | undefined {
  centres ??= new Map(allUsZips().map((record) => [record.zip, { lat: record.latitude, lng: record.longitude }]))
  return zip === null ? undefined : centres.get(zip)
}

/** The five-digit ZIPs whose centres lie in a box, or null when more than `limit` do. */
export function zipsInBox(box: { west: number; south: number; east: number; north: number }, limit: number) {
  const found: string[] = []
  const across = box.west > box.east
  for (const record of allUsZips()) {
    const { latitude: lat, longitude: lng } = record
    const inLongitude = across ? lng >= box.west || lng <= box.east : lng >= box.west && lng <= box.east
    if (lat >= box.south && lat <= box.north && inLongitude) {
      found.push(record.zip)
      if (found.length > limit) return null
    }
  }
  return found
}

let areaCentres: Map<string, Coordinates> | null = null

/** The centre of a ZIP3 area (the first three digits: a sectional centre's region), the mean of its ZIPs'. */
export function zipAreaCentre(prefix: string | null): Coordinates | undefined {
  if (!areaCentres) {
    const sums = new Map<string, { lat: number; lng: number; n: number }>()
    for (const record of allUsZips()) {
      const key = record.zip.slice(0, 3)
      const sum = sums.get(key) ?? { lat: 0, lng: 0, n: 0 }
      sums.set(key, { lat: sum.lat + record.latitude, lng: sum.lng + record.longitude, n: sum.n + 1 })
    }
    areaCentres = new Map([...sums].map(([key, sum]) => [key, { lat: sum.lat / sum.n, lng: sum.lng / sum.n }]))
  }
  return prefix === null ? undefined : areaCentres.get(prefix)
}

const cityCentres = new Map<string, Coordinates | null>()

/** The centre of the first ZIP of a 'City, ST' (remembered: the import asks for the same cities often). */
export function cityCentre(city: string | null | undefined, state: string | null | undefined): Coordinates | null {
  if (!city?.trim() || !state || !/^[A-Za-z]{2}$/.test(state.trim())) return null
  const key = `${city.trim().toUpperCase()}|${state.trim().toUpperCase()}`
  if (!cityCentres.has(key)) {
    const [record] = zipcodes().lookupByName(city.trim(), state.trim().toUpperCase()) as ZipRecord[]
    cityCentres.set(key, record ? { lat: record.latitude, lng: record.longitude } : null)
  }
  return cityCentres.get(key) ?? null
}

/** The street part of an address: what comes before the first comma, when more follows. */
function streetOf(address: string): string | null {
  const [first, ...rest] = address.split(',')
  return rest.length > 0 && /\d/.test(first) ? first.trim() : null
}

/**
 * ZIP-level geocoding from the `zipcodes` package, offline: an address resolves to its ZIP's
 * centre (or its 'City, ST' centre when it has no ZIP); coordinates to the nearest US ZIP.
 */
export function createOfflineZipGeocoder(): Geocoder {
  return {
    async forward(address) {
      const zipMatches = [...address.matchAll(/\b(\d{5})(?:-\d{4})?\b/g)]
      const zip = zipMatches.at(-1)?.[1]
      const byZip = zip ? (zipcodes().lookup(zip) as ZipRecord | undefined) : undefined
      if (byZip && byZip.country === 'US') return zipPlace(byZip, streetOf(address))
      const cityState = /([A-Za-z][A-Za-z .'-]*?),\s*([A-Za-z]{2})\b[^,]*$/.exec(address)
      if (!cityState) return null
      const [byName] = zipcodes().lookupByName(cityState[1].trim(), cityState[2].toUpperCase()) as ZipRecord[]
      return byName ? { ...zipPlace(byName, streetOf(address)), zipCode: null, formattedAddress: address.trim() } : null
    },
    async reverse(at) {
      let nearest: ZipRecord | null = null
      let nearestMiles = Number.POSITIVE_INFINITY
      for (const record of allUsZips()) {
        const miles = greatCircleMiles(at, { lat: record.latitude, lng: record.longitude })
        if (miles < nearestMiles) {
          nearest = record
          nearestMiles = miles
        }
      }
      return nearest && nearestMiles <= MAX_REVERSE_MILES ? zipPlace(nearest, null, at) : null
    },
  }
}

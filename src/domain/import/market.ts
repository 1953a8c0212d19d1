import type { Coordinates } from '../geo/coordinates'
import { greatCircleMiles } from '../geo/distance'

export type ImportMarket = {
  market: string | null
  confidence: number
  method: 'zip_code' | 'proximity' | 'city' | 'state_fallback' | 'unknown'
}
export type ActiveLot = { market: string; latitude: number; longitude: number }

const CITY_KEYWORDS = ['Birmingham', 'Mobile', 'Huntsville', 'Montgomery']
const ALABAMA_REGIONS: [string, string[]][] = [
  ['Mobile', ['mobile', 'baldwin', 'south', 'gulf']],
  ['Huntsville', ['north', 'huntsville', 'madison']],
  ['Montgomery', ['montgomery', 'central', 'troy']],
]

/**
 * SPEC.md section 9's import market detection, first rule that applies: ZIP in the company's
 * table 95; the nearest active lot to the geocoded place 85; a market's name in the city 80;
 * in Alabama, a regional keyword 30, else Birmingham 25; Georgia, Birmingham 20; else unknown.
 * The place is geocoded only when a lot could be the answer.
 */
export function detectImportMarket(
  place: { zip: string | null; city: string | null; state: string | null; address?: string | null },
  zipTable: ReadonlyMap<string, string>,
  lots: ActiveLot[],
  geocode: () => Coordinates | null,
): ImportMarket {
  const zip = place.zip?.trim().slice(0, 5)
  const byZip = zip ? zipTable.get(zip) : undefined
  if (byZip) return { market: byZip, confidence: 95, method: 'zip_code' }
  const geocoded = lots.length > 0 ? geocode() : null
  if (geocoded) {
    let nearest = lots[0]
    let nearestMiles = Number.POSITIVE_INFINITY
    for (const lot of lots) {
      const miles = greatCircleMiles(geocoded, { lat: lot.latitude, lng: lot.longitude })
      if (miles < nearestMiles) {
        nearest = lot
        nearestMiles = miles
      }
    }
    return { market: nearest.market, confidence: 85, method: 'proximity' }
  }
  const city = (place.city ?? '').toLowerCase()
  const named = CITY_KEYWORDS.find((keyword) => city.includes(keyword.toLowerCase()))
  if (named) return { market: named, confidence: 80, method: 'city' }
  const state = (place.state ?? '').trim().toUpperCase()
  if (state === 'AL' || state === 'ALABAMA') {
    const text = `${city} ${(place.address ?? '').toLowerCase()}`
    const region = ALABAMA_REGIONS.find(([, words]) => words.some((word) => text.includes(word)))
    return region
      ? { market: region[0], confidence: 30, method: 'state_fallback' }
      : { market: 'Birmingham', confidence: 25, method: 'state_fallback' }
  }
  if (state === 'GA' || state === 'GEORGIA') return { market: 'Birmingham', confidence: 20, method: 'state_fallback' }
  return { market: null, confidence: 0, method: 'unknown' }
}

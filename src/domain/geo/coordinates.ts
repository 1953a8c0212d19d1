export type Coordinates = { lat: number; lng: number }

const NUMBER = String.raw`[-+]?\d+(?:\.\d+)?`
/** SPEC.md section 5's three forms: 'lat,lng', '(lat,lng)' and 'lat lng'. */
const COORDINATE_FORMS = [
  new RegExp(String.raw`^(${NUMBER})\s*,\s*(${NUMBER})$`),
  new RegExp(String.raw`^\(\s*(${NUMBER})\s*,\s*(${NUMBER})\s*\)$`),
  new RegExp(String.raw`^(${NUMBER})\s+(${NUMBER})$`),
]

export type CoordinateParse = { ok: true; value: Coordinates } | { ok: false; reason: string }

/** Reads coordinate text; latitude must lie in -90..90 and longitude in -180..180. */
export function parseCoordinateText(text: string): CoordinateParse {
  const trimmed = text.trim()
  for (const form of COORDINATE_FORMS) {
    const match = form.exec(trimmed)
    if (!match) continue
    const lat = Number(match[1])
    const lng = Number(match[2])
    if (lat < -90 || lat > 90) return { ok: false, reason: 'Latitude must be between -90 and 90.' }
    if (lng < -180 || lng > 180) return { ok: false, reason: 'Longitude must be between -180 and 180.' }
    return { ok: true, value: { lat, lng } }
  }
  return { ok: false, reason: "Enter coordinates as 'lat,lng', '(lat,lng)' or 'lat lng'." }
}

export function parseCoordinates(text: string): Coordinates | null {
  const parsed = parseCoordinateText(text)
  return parsed.ok ? parsed.value : null
}

/** Coordinates are shown with 6 decimals (SPEC.md section 5). */
export function formatCoordinates({ lat, lng }: Coordinates): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`
}

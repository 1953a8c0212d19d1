import { z } from 'zod'
import { greatCircleMiles } from '../geo/distance'

// Evidence from the field (issue 44): what a device adds to an On-Hook, a Yield or an Agent Update
// when it can (its clock, where it is and how sure, a photo already uploaded), and how far that
// position is from the case's nearest known address.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const evidenceFields = {
  deviceTime: z
    .string({ error: 'Device time must be a date and time.' })
    .refine((value) => !Number.isNaN(Date.parse(value)), 'Device time must be a date and time.')
    .optional(),
  latitude: z
    .number({ error: 'Latitude must be a number.' })
    .min(-90, 'Latitude must be between -90 and 90.')
    .max(90, 'Latitude must be between -90 and 90.')
    .optional(),
  longitude: z
    .number({ error: 'Longitude must be a number.' })
    .min(-180, 'Longitude must be between -180 and 180.')
    .max(180, 'Longitude must be between -180 and 180.')
    .optional(),
  accuracyM: z
    .number({ error: 'Accuracy must be a number of meters.' })
    .min(0, 'Accuracy must be 0 meters or more.')
    .max(100_000, 'Accuracy must be at most 100000 meters.')
    .optional(),
  photoFileId: z
    .string({ error: 'Photo must be an uploaded file.' })
    .regex(UUID, 'Photo must be an uploaded file.')
    .optional(),
}

export const positionTogether = <T extends { latitude?: number; longitude?: number }>(value: T) =>
  (value.latitude === undefined) === (value.longitude === undefined)
export const POSITION_PAIR = { message: 'Latitude and longitude come together.', path: ['longitude'] }

/** An Agent Update's evidence: at least a position or a photo. */
export const evidenceSchema = z
  .object(evidenceFields)
  .strict()
  .refine(positionTogether, POSITION_PAIR)
  .refine((value) => value.latitude !== undefined || value.photoFileId !== undefined, {
    message: 'Evidence needs a GPS position or a photo.',
    path: ['latitude'],
  })
export type Evidence = z.output<typeof evidenceSchema>

/** A known place of the case: 'home', 'work', 'last known', 'recovery'. */
export type CasePlace = { label: string; lat: number; lng: number }

/**
 * How far a position is from the case's nearest known address: '0.1 mi from the home address';
 * null when no address of the case is placed.
 */
export function nearestPlaceText(position: { lat: number; lng: number }, places: readonly CasePlace[]): string | null {
  let nearest: { place: CasePlace; miles: number } | null = null
  for (const place of places) {
    const miles = greatCircleMiles(position, place)
    if (!nearest || miles < nearest.miles) nearest = { place, miles }
  }
  if (!nearest) return null
  const miles = nearest.miles < 10 ? nearest.miles.toFixed(1) : String(Math.round(nearest.miles))
  return `${miles} mi from the ${nearest.place.label} address`
}

import { formatCaseDate, formatCaseTime } from '../formats/dates'

// Issue 41: when and where a photo was taken, from its EXIF (kept as data; the photo served carries
// no metadata), for those who may open its case.

/**
 * An EXIF time is the camera's wall clock, stored as if it were UTC: read back as that same wall
 * clock, whatever the reader's time zone.
 */
function cameraClock(iso: string): Date {
  const utc = new Date(iso)
  return new Date(
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
    utc.getUTCSeconds(),
  )
}

/** 'Taken Nov 20, 2026 2:30 PM at 40.71280, -74.00600', either part alone, or null with neither. */
export function photoFacts(file: {
  takenAt: string | null
  latitude: number | null
  longitude: number | null
}): string | null {
  const when = file.takenAt
    ? `${formatCaseDate(cameraClock(file.takenAt))} ${formatCaseTime(cameraClock(file.takenAt))}`
    : null
  const where =
    file.latitude !== null && file.longitude !== null
      ? `${file.latitude.toFixed(5)}, ${file.longitude.toFixed(5)}`
      : null
  if (!when && !where) return null
  return `Taken${when ? ` ${when}` : ''}${where ? ` at ${where}` : ''}`
}

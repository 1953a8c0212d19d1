import { describe, expect, it } from 'vitest'
import { photoFacts } from './photo-facts'

describe('photoFacts (issue 41: a photo’s EXIF time and position, as data)', () => {
  it.each([
    [
      'time and place',
      { takenAt: '2026-11-20T14:30:00.000Z', latitude: 40.7128, longitude: -74.006 },
      'Taken Nov 20, 2026 2:30 PM at 40.71280, -74.00600',
    ],
    [
      'time only',
      { takenAt: '2025-01-05T09:05:00.000Z', latitude: null, longitude: null },
      'Taken Jan 05, 2025 9:05 AM',
    ],
    ['place only', { takenAt: null, latitude: -33.8688, longitude: 151.2093 }, 'Taken at -33.86880, 151.20930'],
    ['neither', { takenAt: null, latitude: null, longitude: null }, null],
  ])('%s', (_name, file, expected) => {
    expect(photoFacts(file)).toBe(expected)
  })
})

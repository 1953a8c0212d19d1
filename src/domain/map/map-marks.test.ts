import { describe, expect, it } from 'vitest'
import {
  activityPeriodLabel,
  activityRadius,
  activityWindow,
  arrangePins,
  clusterRadius,
  heatSpot,
  pinFlags,
  precisionLabel,
  spreadOffsets,
  viewCountLabel,
} from './map-marks'
import { projectLngLat } from './web-mercator'

describe('mark sizes', () => {
  it.each([
    [1, 14],
    [10, 19],
    [100, 24],
    [10_000, 34],
    [1_000_000, 34],
    [0, 14],
  ])('a cluster of %i has a radius of %i px', (count, radius) => expect(clusterRadius(count)).toBeCloseTo(radius, 9))

  it.each([
    [1, 4],
    [10, 7],
    [1_000, 13],
    [100_000, 13],
  ])('%i recoveries at a place: a marker of %i px', (count, radius) =>
    expect(activityRadius(count)).toBeCloseTo(radius, 9),
  )

  it.each([
    [100, 100, { radius: 48, strength: 0.9 }],
    [25, 100, { radius: 33, strength: 0.41 }],
    [0, 100, { radius: 18, strength: 0.25 }],
    [5, 0, { radius: 18, strength: 0.25 }],
  ])('a heat spot of %i where the busiest has %i', (count, busiest, spot) =>
    expect(heatSpot(count, busiest)).toEqual(spot),
  )
})

describe('pin flags', () => {
  it.each([
    [
      { violent: true, priority: null },
      { alert: true, updateDue: false },
    ],
    [
      { violent: false, priority: 'High' },
      { alert: true, updateDue: false },
    ],
    [
      { violent: false, priority: 'critical', updateDue: true },
      { alert: true, updateDue: true },
    ],
    [
      { violent: false, priority: 'normal', updateDue: true },
      { alert: false, updateDue: true },
    ],
    [
      { violent: false, priority: 'medium' },
      { alert: false, updateDue: false },
    ],
  ])('%o -> %o', (pin, flags) => expect(pinFlags(pin)).toEqual(flags))
})

describe('activity period', () => {
  it.each([
    ['all', '30d', 'last 30 days'],
    ['24h', '24h', 'last 24 hours'],
    ['7d', '7d', 'last 7 days'],
    ['30d', '30d', 'last 30 days'],
    ['custom', 'custom', '2026-01-01 to 2026-01-31'],
  ] as const)('the %s window: activity over %s, said as %s', (window, period, label) => {
    expect(activityWindow(window)).toBe(period)
    expect(activityPeriodLabel(window, '2026-01-01', '2026-01-31')).toBe(label)
  })
})

describe('what the map says', () => {
  it.each([
    [1204, 12, '1,204 cases in view · 12 without a ZIP not shown'],
    [1, 0, '1 case in view'],
    [0, 3, '0 cases in view · 3 without a ZIP not shown'],
  ])('%i in view, %i unplaced: %s', (inView, unplaced, text) => expect(viewCountLabel(inView, unplaced)).toBe(text))

  it.each([
    ['zip', [], 'Placed at ZIP centres'],
    ['zip', [{ precision: 'zip' }], 'Placed at ZIP centres'],
    [
      'zip',
      [{ precision: 'zip' }, { precision: 'street' }],
      'Placed at street addresses where found, else ZIP centres',
    ],
    ['street', [{ precision: 'street' }], 'Placed at street addresses'],
  ])('precision %s with pins %o: %s', (precision, pins, text) => expect(precisionLabel(precision, pins)).toBe(text))
})

describe('pins at one place spread in a spiral', () => {
  it.each([1, 2, 10, 100])('%i pins: the first at the centre, none closer than 16.8 px to another', (count) => {
    const offsets = spreadOffsets(count)
    expect(offsets).toHaveLength(count)
    expect(offsets[0]).toEqual([0, 0])
    for (let a = 0; a < count; a++)
      for (let b = a + 1; b < count; b++) {
        const [ax, ay] = offsets[a]
        const [bx, by] = offsets[b]
        expect(Math.hypot(ax - bx, ay - by)).toBeGreaterThanOrEqual(16.8)
      }
  })

  it('grows with the square root of the count (100 pins within 140 px)', () => {
    const farthest = Math.max(...spreadOffsets(100).map(([x, y]) => Math.hypot(x, y)))
    expect(farthest).toBeLessThan(140)
  })
})

describe('pins kept apart on screen', () => {
  // Three Mobile ZIP centres a few kilometres apart, and Birmingham.
  const pins = [
    { key: 'a', lng: -88.0453, lat: 30.6888 },
    { key: 'b', lng: -88.0453, lat: 30.6888 },
    { key: 'c', lng: -88.0809, lat: 30.6779 },
    { key: 'd', lng: -86.8091, lat: 33.5207 },
  ]
  const screen = (zoom: number) => {
    const { shifts } = arrangePins(pins, zoom)
    const scale = 2 ** (zoom - 8)
    return pins.map((pin) => {
      const [x, y] = projectLngLat(pin.lng, pin.lat)
      const [dx, dy] = shifts.get(pin.key) ?? [0, 0]
      return [x * scale + dx, y * scale + dy]
    })
  }
  it.each([4, 8, 11, 16])('no two pins closer than a pin at zoom %i', (zoom) => {
    const points = screen(zoom)
    for (let a = 0; a < points.length; a++)
      for (let b = a + 1; b < points.length; b++)
        expect(Math.hypot(points[a][0] - points[b][0], points[a][1] - points[b][1])).toBeGreaterThanOrEqual(24)
  })
  it('leaves a pin alone where nothing is near it', () => {
    expect(arrangePins(pins, 8).shifts.get('d')).toEqual([0, 0])
  })
  it('gathers a crowd into a count at its mean place, keeping the rest as pins', () => {
    const crowd = Array.from({ length: 9 }, (_, n) => ({ key: `m${n}`, lng: -88.0453, lat: 30.6888 + n * 0.001 }))
    const { shifts, crowds } = arrangePins([...crowd, pins[3]], 6)
    expect(crowds).toHaveLength(1)
    expect(crowds[0].pins.map((pin) => pin.key)).toEqual(crowd.map((pin) => pin.key))
    expect(crowds[0].lat).toBeCloseTo(30.6928, 4)
    expect([...shifts.keys()]).toEqual(['d'])
  })
  it('spreads a crowd that zooming cannot part: one ZIP centre, or a street zoom', () => {
    const oneZip = Array.from({ length: 9 }, (_, n) => ({ key: `z${n}`, lng: -88.0453, lat: 30.6888 }))
    expect(arrangePins(oneZip, 6)).toMatchObject({ crowds: [] })
    expect(arrangePins(oneZip, 6).shifts.size).toBe(9)
    const street = oneZip.map((pin, n) => ({ ...pin, lat: pin.lat + n * 0.00001 }))
    expect(arrangePins(street, 6).crowds).toHaveLength(1)
    expect(arrangePins(street, 15).crowds).toHaveLength(0)
  })
})

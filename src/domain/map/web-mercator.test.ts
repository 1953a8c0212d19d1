import { geoMercator } from 'd3-geo'
import { describe, expect, it } from 'vitest'
import {
  BASE_ZOOM,
  centreOn,
  fitTransform,
  invertPoint,
  LOWER_48,
  projectLngLat,
  queryZoom,
  scaleOfZoom,
  tilesInView,
  tileUrl,
  tweenTransform,
  viewBounds,
  WORLD_SIZE,
  zoomOfScale,
} from './web-mercator'

describe('web-mercator base space', () => {
  const d3 = geoMercator()
    .scale(WORLD_SIZE / (2 * Math.PI))
    .translate([WORLD_SIZE / 2, WORLD_SIZE / 2])

  it.each([
    ['Mobile, AL', -88.04, 30.69],
    ['Seattle', -122.33, 47.61],
    ['null island', 0, 0],
    ['Honolulu', -157.86, 21.31],
  ])('%s: the same pixels as d3 geoMercator, and back', (_, lng, lat) => {
    const [x, y] = projectLngLat(lng, lat)
    const [dx, dy] = d3([lng, lat]) as [number, number]
    expect(x).toBeCloseTo(dx, 6)
    expect(y).toBeCloseTo(dy, 6)
    const back = invertPoint(x, y)
    expect(back.lng).toBeCloseTo(lng, 9)
    expect(back.lat).toBeCloseTo(lat, 9)
  })

  it.each([
    [1, BASE_ZOOM],
    [2, BASE_ZOOM + 1],
    [0.25, BASE_ZOOM - 2],
    [2 ** 10, 18],
  ])('scale %f is zoom %f (log2 of the world width over 256), and back', (k, zoom) => {
    expect(zoomOfScale(k)).toBeCloseTo(zoom, 9)
    expect(scaleOfZoom(zoom)).toBeCloseTo(k, 9)
  })

  it.each([
    [scaleOfZoom(4.4), 4],
    [scaleOfZoom(4.6), 5],
    [scaleOfZoom(0), 0],
    [scaleOfZoom(21), 18],
  ])('the server is asked a whole zoom from 0 to 18 (scale %f -> %i)', (k, zoom) => expect(queryZoom(k)).toBe(zoom))
})

describe('the view', () => {
  it('fits the lower 48 states in a desk screen and a phone, then reads the same bounds back', () => {
    for (const [width, height] of [
      [1280, 600],
      [390, 500],
    ]) {
      const t = fitTransform(LOWER_48, width, height, 0)
      const bounds = viewBounds(t, width, height)
      // One side fits exactly; the other shows more.
      expect(bounds.west).toBeLessThanOrEqual(LOWER_48.west + 0.001)
      expect(bounds.east).toBeGreaterThanOrEqual(LOWER_48.east - 0.001)
      expect(bounds.north).toBeGreaterThanOrEqual(LOWER_48.north - 0.001)
      expect(bounds.south).toBeLessThanOrEqual(LOWER_48.south + 0.001)
      const exact = Math.abs(bounds.west - LOWER_48.west) < 0.001 || Math.abs(bounds.north - LOWER_48.north) < 0.001
      expect(exact).toBe(true)
    }
  })

  it('a view wider than the world asks for the whole world', () => {
    const t = { k: scaleOfZoom(0), x: 0, y: 0 }
    expect(viewBounds(t, 1000, 256)).toMatchObject({ west: -180, east: 180 })
  })

  it('centres a place at a zoom (a cluster clicked)', () => {
    const t = centreOn({ lng: -88.04, lat: 30.69 }, 10, 800, 600)
    expect(t.k).toBe(scaleOfZoom(10))
    const [x, y] = projectLngLat(-88.04, 30.69)
    expect(x * t.k + t.x).toBeCloseTo(400, 6)
    expect(y * t.k + t.y).toBeCloseTo(300, 6)
  })
})

describe('street tiles', () => {
  it.each([
    // [zoom, width, height, tiles across x down]
    [0, 256, 256, 1],
    [1, 512, 512, 4],
    [2, 512, 512, 4],
  ])('zoom %i over a %i x %i view at the origin: %i tiles', (zoom, width, height, count) => {
    const tiles = tilesInView({ k: scaleOfZoom(zoom), x: 0, y: 0 }, width - 1, height - 1)
    expect(tiles).toHaveLength(count)
    expect(tiles.every((tile) => tile.z === zoom)).toBe(true)
  })

  it('wraps x around the world and drops rows past the poles', () => {
    const k = scaleOfZoom(1)
    // The view starts half a world west of the origin and reaches above the top.
    const tiles = tilesInView({ k, x: 256, y: 100 }, 511, 511)
    expect(tiles.map((tile) => [tile.x, tile.y])).toEqual([
      [1, 0],
      [0, 0],
      [1, 1],
      [0, 1],
    ])
    expect(tiles[0]).toMatchObject({ left: -WORLD_SIZE / 2, top: 0, size: WORLD_SIZE / 2 })
  })

  it('matches the tile of a known place (Mobile, AL at zoom 10 is tile 261, 420)', () => {
    const t = centreOn({ lng: -88.04, lat: 30.69 }, 10, 2, 2)
    const [tile] = tilesInView(t, 1, 1)
    expect(tile).toMatchObject({ z: 10, x: 261, y: 420 })
  })

  it('fills an XYZ template', () => {
    expect(tileUrl('https://t.example.com/{z}/{x}/{y}.png?z={z}', { z: 3, x: 1, y: 2 })).toBe(
      'https://t.example.com/3/1/2.png?z=3',
    )
  })
})

describe('an animated move', () => {
  const from = { k: 1, x: 10, y: 20 }
  const to = { k: 4, x: -300, y: -100 }
  it.each([0, 0.5, 1])('at %f keeps the centre on the line and the zoom even', (t) => {
    const step = tweenTransform(from, to, t, 800, 600)
    expect(zoomOfScale(step.k)).toBeCloseTo(zoomOfScale(from.k) + (zoomOfScale(to.k) - zoomOfScale(from.k)) * t, 9)
    if (t === 0) expect(step).toEqual(from)
    if (t === 1) {
      expect(step.k).toBeCloseTo(to.k, 9)
      expect(step.x).toBeCloseTo(to.x, 9)
      expect(step.y).toBeCloseTo(to.y, 9)
    }
  })
})

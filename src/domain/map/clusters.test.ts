import { describe, expect, it } from 'vitest'
import { cellDegrees, clusterCounts, inBounds, type PlacedCount } from './clusters'
import { clusterRadius } from './map-marks'
import { projectLngLat, scaleOfZoom } from './web-mercator'

const at = (
  lat: number,
  lng: number,
  count: number,
  status = 'Open',
  source: 'order' | 'case' = 'order',
): PlacedCount => ({
  lat,
  lng,
  count,
  status,
  source,
})

describe('clusters on a grid that halves with each zoom', () => {
  it.each([
    [0, 90],
    [1, 45],
    [4, 5.625],
    [10, 0.087890625],
  ])('zoom %i: cells of %f degrees', (zoom, degrees) => expect(cellDegrees(zoom)).toBe(degrees))

  it('gathers nearby ZIPs into one cluster, weighting the centre and counting by status and source', () => {
    // Mobile and Daphne, AL, share a cell at zoom 6; Birmingham is in another.
    const clusters = clusterCounts(
      [at(30.69, -88.04, 30, 'Open'), at(30.6, -87.9, 10, 'Repossessed', 'case'), at(33.52, -86.8, 5)],
      6,
    )
    expect(clusters).toEqual([
      {
        lat: 30.6675,
        lng: -88.005,
        count: 40,
        byStatus: { Open: 30, Repossessed: 10 },
        bySource: { order: 30, case: 10 },
      },
      { lat: 33.52, lng: -86.8, count: 5, byStatus: { Open: 5 }, bySource: { order: 5, case: 0 } },
    ])
  })

  it('splits them when zoomed in', () => {
    expect(clusterCounts([at(30.69, -88.04, 30), at(30.6, -87.9, 10)], 12)).toHaveLength(2)
  })

  it('tells a point in view', () => {
    const view = { west: -89, south: 30, east: -87, north: 31 }
    expect(inBounds(view, 30.69, -88.04)).toBe(true)
    expect(inBounds(view, 33.52, -86.8)).toBe(false)
  })
})

describe('clusters never overlap on screen (issue 41: a phone hid the largest count)', () => {
  /** The pixels between two clusters' circles at the zoom an answer may be shown at (half a step below its own). */
  const gap = (a: { lat: number; lng: number; count: number }, b: typeof a, zoom: number) => {
    const scale = scaleOfZoom(zoom - 0.5)
    const [ax, ay] = projectLngLat(a.lng, a.lat)
    const [bx, by] = projectLngLat(b.lng, b.lat)
    return Math.hypot((ax - bx) * scale, (ay - by) * scale) - clusterRadius(a.count) - clusterRadius(b.count)
  }

  it('merges two clusters of neighbouring cells whose circles would overlap into the larger', () => {
    // Either side of a cell border at zoom 8 (cells of 1.40625 degrees: -88.59375 is a border).
    const clusters = clusterCounts([at(30.7, -88.6, 90), at(30.7, -88.58, 45, 'Need Info', 'case')], 8)
    expect(clusters).toHaveLength(1)
    expect(clusters[0]).toMatchObject({
      count: 135,
      byStatus: { Open: 90, 'Need Info': 45 },
      bySource: { order: 90, case: 45 },
    })
  })

  it.each([
    [4, 1],
    [6, 2],
    [8, 3],
    [10, 4],
    [12, 5],
  ])('at zoom %i no two clusters of a crowded region overlap (seed %i)', (zoom, seed) => {
    let state = seed
    const random = () => {
      state = (state * 16807) % 2147483647
      return state / 2147483647
    }
    const extent = 20 / 2 ** (zoom / 2)
    const points = Array.from({ length: 400 }, () =>
      at(30 + random() * extent, -88 + random() * extent, 1 + Math.floor(random() * 500)),
    )
    const clusters = clusterCounts(points, zoom)
    expect(clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(
      points.reduce((sum, point) => sum + point.count, 0),
    )
    for (const [index, a] of clusters.entries())
      for (const b of clusters.slice(index + 1)) expect(gap(a, b, zoom)).toBeGreaterThan(0)
  })

  it('keeps clusters apart that are apart', () => {
    expect(clusterCounts([at(30.69, -88.04, 90), at(33.52, -86.8, 45)], 6)).toHaveLength(2)
  })
})

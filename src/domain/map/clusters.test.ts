import { describe, expect, it } from 'vitest'
import { cellDegrees, clusterCounts, inBounds, type PlacedCount } from './clusters'

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

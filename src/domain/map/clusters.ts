// Issue 19's Case Location Map: cases placed at their ZIP's centre and gathered into clusters on
// a grid that halves with each zoom step, so 100,000 open cases arrive as a few hundred marks.

export type CaseSource = 'order' | 'case'

/** Cases of one ZIP, status and source, placed at the ZIP's centre. */
export type PlacedCount = { lat: number; lng: number; status: string; source: CaseSource; count: number }

export type Cluster = {
  /** The cases' weighted centre. */
  lat: number
  lng: number
  count: number
  byStatus: Record<string, number>
  bySource: Record<CaseSource, number>
}

/** Grid cells across the world's width at zoom 0: a cell is about a 64 px square on a 256 px tile. */
const CELLS_AT_ZOOM_0 = 4
export const MIN_ZOOM = 0
export const MAX_ZOOM = 18

/** The cell size in degrees at a zoom. */
export const cellDegrees = (zoom: number) => 360 / (CELLS_AT_ZOOM_0 * 2 ** Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)))

/** Counts gathered into one cluster per grid cell, largest first. */
export function clusterCounts(points: readonly PlacedCount[], zoom: number): Cluster[] {
  const size = cellDegrees(zoom)
  // A cell's key is its column and row in one number (columns < 2^21 at the deepest zoom).
  const cells = new Map<number, Cluster & { latSum: number; lngSum: number }>()
  for (const point of points) {
    const key = Math.floor(point.lng / size) * 4_194_304 + Math.floor(point.lat / size)
    let cell = cells.get(key)
    if (!cell) {
      cell = { lat: 0, lng: 0, count: 0, byStatus: {}, bySource: { order: 0, case: 0 }, latSum: 0, lngSum: 0 }
      cells.set(key, cell)
    }
    cell.count += point.count
    cell.latSum += point.lat * point.count
    cell.lngSum += point.lng * point.count
    cell.byStatus[point.status] = (cell.byStatus[point.status] ?? 0) + point.count
    cell.bySource[point.source] += point.count
  }
  return [...cells.values()]
    .map(({ latSum, lngSum, ...cell }) => ({
      ...cell,
      lat: round(latSum / cell.count),
      lng: round(lngSum / cell.count),
    }))
    .sort((a, b) => b.count - a.count)
}

/** Five decimals: about a metre, more than a ZIP centre knows. */
const round = (degrees: number) => Math.round(degrees * 100_000) / 100_000

export type Bounds = { west: number; south: number; east: number; north: number }

/** Whether a place is in view; a view whose west is east of its east crosses the antimeridian. */
export const inBounds = (bounds: Bounds, lat: number, lng: number) =>
  lat >= bounds.south &&
  lat <= bounds.north &&
  (bounds.west <= bounds.east ? lng >= bounds.west && lng <= bounds.east : lng >= bounds.west || lng <= bounds.east)

/** Past this many cases in view, the map shows clusters, not a pin per case. */
export const MAX_PINS = 500

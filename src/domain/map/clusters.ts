import { clusterRadius } from './map-marks'
import { type Bounds, MAX_ZOOM, MIN_ZOOM } from './map-view'
import { projectLngLat, scaleOfZoom } from './web-mercator'

// Issue 19's Case Location Map: cases placed at their ZIP's centre and gathered into clusters on
// a grid that halves with each zoom step, so 100,000 open cases arrive as a few hundred marks.
// Issue 41: clusters whose circles would overlap on screen are merged, so none hides another's count.

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

/** The cell size in degrees at a zoom. */
export const cellDegrees = (zoom: number) => 360 / (CELLS_AT_ZOOM_0 * 2 ** Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)))

/** Counts gathered into one cluster per grid cell, those whose circles would overlap merged, largest first. */
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
  return separateClusters([...cells.values()], zoom)
    .map(({ latSum, lngSum, ...cell }) => ({
      ...cell,
      lat: round(latSum / cell.count),
      lng: round(lngSum / cell.count),
    }))
    .sort((a, b) => b.count - a.count)
}

/** Screen pixels kept clear between two clusters' circles. */
const CLUSTER_GAP = 2

/**
 * The map shows an answer at a zoom up to half a step below the one it asked for (the view's zoom
 * is rounded), where circles sit closest: two clusters are apart when they are apart there.
 */
const closestZoom = (zoom: number) => Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom) - 0.5)

type Gathered = Cluster & { latSum: number; lngSum: number }

/** Where a cluster's circle is drawn, in screen pixels at a zoom's scale. */
function screenPlace(cluster: Gathered, scale: number) {
  const [x, y] = projectLngLat(cluster.lngSum / cluster.count, cluster.latSum / cluster.count)
  return { x: x * scale, y: y * scale }
}

/** The widest two circles reach together, as the side of the buckets a cluster's neighbours are looked up in. */
const REACH = 2 * clusterRadius(Number.MAX_SAFE_INTEGER) + CLUSTER_GAP

type Kept = { cluster: Gathered; x: number; y: number; radius: number; bucket: string }

const bucketOf = (x: number, y: number) => `${Math.floor(x / REACH)},${Math.floor(y / REACH)}`

/** Adds cluster `from`'s cases to `into`. */
function absorb(into: Gathered, from: Gathered) {
  into.count += from.count
  into.latSum += from.latSum
  into.lngSum += from.lngSum
  for (const [status, count] of Object.entries(from.byStatus))
    into.byStatus[status] = (into.byStatus[status] ?? 0) + count
  into.bySource.order += from.bySource.order
  into.bySource.case += from.bySource.case
}

/**
 * Clusters whose circles (clusterRadius) would overlap on screen merged, largest first, into the
 * one they overlap; a cluster that grows or moves so that it overlaps another takes that one in
 * too. So no cluster covers another on a phone's small screen and the largest count can be read.
 * Neighbours are looked up in screen buckets: a few thousand clusters take a few milliseconds.
 */
export function separateClusters(clusters: readonly Gathered[], zoom: number): Gathered[] {
  const scale = scaleOfZoom(closestZoom(zoom))
  const buckets = new Map<string, Set<Kept>>()
  const file = (entry: Kept) => {
    buckets.get(entry.bucket)?.delete(entry)
    Object.assign(entry, screenPlace(entry.cluster, scale), { radius: clusterRadius(entry.cluster.count) })
    entry.bucket = bucketOf(entry.x, entry.y)
    const bucket = buckets.get(entry.bucket) ?? new Set()
    bucket.add(entry)
    buckets.set(entry.bucket, bucket)
  }
  const overlapping = (entry: Pick<Kept, 'x' | 'y' | 'radius'>, self?: Kept) => {
    const column = Math.floor(entry.x / REACH)
    const row = Math.floor(entry.y / REACH)
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const other of buckets.get(`${column + dx},${row + dy}`) ?? [])
          if (
            other !== self &&
            Math.hypot(other.x - entry.x, other.y - entry.y) < other.radius + entry.radius + CLUSTER_GAP
          )
            return other
    return undefined
  }
  for (const cluster of [...clusters].sort((a, b) => b.count - a.count)) {
    const entry: Kept = {
      cluster: { ...cluster, byStatus: { ...cluster.byStatus }, bySource: { ...cluster.bySource } },
      x: 0,
      y: 0,
      radius: 0,
      bucket: '',
    }
    Object.assign(entry, screenPlace(entry.cluster, scale), { radius: clusterRadius(cluster.count) })
    const first = overlapping(entry)
    if (!first) {
      file(entry)
      continue
    }
    absorb(first.cluster, entry.cluster)
    file(first)
    // Grown and moved, it may now cover a neighbour: the larger of the two takes the other in, until clear.
    let grown: Kept = first
    for (let other = overlapping(grown, grown); other; other = overlapping(grown, grown)) {
      const [larger, smaller]: Kept[] = other.cluster.count > grown.cluster.count ? [other, grown] : [grown, other]
      buckets.get(smaller.bucket)?.delete(smaller)
      absorb(larger.cluster, smaller.cluster)
      file(larger)
      grown = larger
    }
  }
  return [...buckets.values()].flatMap((bucket) => [...bucket].map((entry) => entry.cluster))
}

/** Five decimals: about a metre, more than a ZIP centre knows. */
const round = (degrees: number) => Math.round(degrees * 100_000) / 100_000

/** Whether a place is in view; a view whose west is east of its east crosses the antimeridian. */
export const inBounds = (bounds: Bounds, lat: number, lng: number) =>
  lat >= bounds.south &&
  lat <= bounds.north &&
  (bounds.west <= bounds.east ? lng >= bounds.west && lng <= bounds.east : lng >= bounds.west || lng <= bounds.east)

/** Past this many cases in view, the map shows clusters, not a pin per case. */
export const MAX_PINS = 500

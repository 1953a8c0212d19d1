import type { Bounds } from './map-view'

// The Case Location Map's view (issue 19) in web-mercator pixels, the space street tiles and the
// server's zoom levels share. The geometry is drawn once in a base space (the world at BASE_ZOOM)
// and a pan/zoom transform (k, x, y) puts it on the screen: screen = base · k + (x, y).

/** A web-mercator tile is a 256 px square; the world at zoom z is 256 · 2^z px wide. */
export const TILE_SIZE = 256
/** The zoom whose pixels are the base space: fine enough for street-level paths with two decimals. */
export const BASE_ZOOM = 8
/** The world's width (and height) in base pixels. */
export const WORLD_SIZE = TILE_SIZE * 2 ** BASE_ZOOM
/** Web mercator stops here: the world is a square. */
export const MAX_LATITUDE = 85.0511287798066
/** The zooms a person may reach: the whole country to a street. */
export const VIEW_MIN_ZOOM = 2
export const VIEW_MAX_ZOOM = 18

export type ViewTransform = { k: number; x: number; y: number }
export type LngLat = { lng: number; lat: number }

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))

/** A place in base pixels (d3's geoMercator at scale WORLD_SIZE / 2π, translated by half the world). */
export function projectLngLat(lng: number, lat: number): [number, number] {
  const phi = (clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180
  return [
    (WORLD_SIZE * (lng + 180)) / 360,
    WORLD_SIZE / 2 - (WORLD_SIZE * Math.log(Math.tan(Math.PI / 4 + phi / 2))) / (2 * Math.PI),
  ]
}

/** The place at a point of base pixels. */
export function invertPoint(x: number, y: number): LngLat {
  const lng = (x / WORLD_SIZE) * 360 - 180
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / WORLD_SIZE))) * 180) / Math.PI
  return { lng, lat }
}

/** The web-mercator zoom of a transform's scale: log2(world width on screen / 256). */
export const zoomOfScale = (k: number) => BASE_ZOOM + Math.log2(k)

/** The transform's scale at a web-mercator zoom. */
export const scaleOfZoom = (zoom: number) => 2 ** (zoom - BASE_ZOOM)

/** The whole zoom the server clusters by (it takes 0 to 18). */
export const queryZoom = (k: number) => clamp(Math.round(zoomOfScale(k)), 0, 18)

const round4 = (degrees: number) => Math.round(degrees * 10_000) / 10_000

/**
 * The bounds a viewport shows, from its corners: rounded to 4 decimals (about 11 m) so a view
 * that has not moved asks the same question; a view wider than the world is the whole world.
 */
export function viewBounds(t: ViewTransform, width: number, height: number): Bounds {
  const northWest = invertPoint((0 - t.x) / t.k, (0 - t.y) / t.k)
  const southEast = invertPoint((width - t.x) / t.k, (height - t.y) / t.k)
  const whole = width / t.k >= WORLD_SIZE
  return {
    west: whole ? -180 : round4(clamp(northWest.lng, -540, 540)),
    south: round4(clamp(southEast.lat, -90, 90)),
    east: whole ? 180 : round4(clamp(southEast.lng, -540, 540)),
    north: round4(clamp(northWest.lat, -90, 90)),
  }
}

/** The transform that shows the bounds whole, centred, with `padding` screen pixels around them. */
export function fitTransform(bounds: Bounds, width: number, height: number, padding = 16): ViewTransform {
  const [x0, y0] = projectLngLat(bounds.west, bounds.north)
  const [x1, y1] = projectLngLat(bounds.east, bounds.south)
  const k = clamp(
    Math.min((width - 2 * padding) / (x1 - x0), (height - 2 * padding) / (y1 - y0)),
    scaleOfZoom(VIEW_MIN_ZOOM),
    scaleOfZoom(VIEW_MAX_ZOOM),
  )
  return { k, x: width / 2 - (k * (x0 + x1)) / 2, y: height / 2 - (k * (y0 + y1)) / 2 }
}

/** The transform centred on a place at a zoom (a cluster's click: zoom into it). */
export function centreOn(place: LngLat, zoom: number, width: number, height: number): ViewTransform {
  const k = scaleOfZoom(clamp(zoom, VIEW_MIN_ZOOM, VIEW_MAX_ZOOM))
  const [px, py] = projectLngLat(place.lng, place.lat)
  return { k, x: width / 2 - px * k, y: height / 2 - py * k }
}

export type Tile = {
  /** The tile's address for the URL (x wrapped around the world). */
  z: number
  x: number
  y: number
  /** Where it lies in base pixels (x not wrapped, so a view across the antimeridian is whole). */
  left: number
  top: number
  size: number
}

/** At most this many tiles are drawn: a huge screen at a fractional zoom stays bounded. */
const MAX_TILES = 64

/** The street tiles that cover the view, at the whole zoom nearest the view's. */
export function tilesInView(t: ViewTransform, width: number, height: number, maxZoom = 19): Tile[] {
  const z = clamp(Math.round(zoomOfScale(t.k)), 0, maxZoom)
  const count = 2 ** z
  const size = WORLD_SIZE / count
  const left = (0 - t.x) / t.k
  const top = (0 - t.y) / t.k
  const right = (width - t.x) / t.k
  const bottom = (height - t.y) / t.k
  const tiles: Tile[] = []
  const firstRow = clamp(Math.floor(top / size), 0, count - 1)
  const lastRow = clamp(Math.floor(bottom / size), 0, count - 1)
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = Math.floor(left / size); column <= Math.floor(right / size); column++) {
      if (tiles.length >= MAX_TILES) return tiles
      tiles.push({ z, x: ((column % count) + count) % count, y: row, left: column * size, top: row * size, size })
    }
  }
  return tiles
}

/** A tile's URL from an XYZ template with {z}, {x} and {y}. */
export const tileUrl = (template: string, tile: Pick<Tile, 'z' | 'x' | 'y'>) =>
  template.replaceAll('{z}', String(tile.z)).replaceAll('{x}', String(tile.x)).replaceAll('{y}', String(tile.y))

/** The lower 48 states, the map's first view. */
export const LOWER_48: Bounds = { west: -124.8, south: 24.4, east: -66.9, north: 49.4 }

/**
 * A step of an animated move from one view to another (t from 0 to 1): the screen's centre moves
 * in a straight line and the zoom evenly, so a zoom in and out feels the same speed.
 */
export function tweenTransform(
  from: ViewTransform,
  to: ViewTransform,
  t: number,
  width: number,
  height: number,
): ViewTransform {
  const centre = (view: ViewTransform) => [(width / 2 - view.x) / view.k, (height / 2 - view.y) / view.k]
  const [ax, ay] = centre(from)
  const [bx, by] = centre(to)
  const k = from.k * (to.k / from.k) ** t
  const cx = ax + (bx - ax) * t
  const cy = ay + (by - ay) * t
  return { k, x: width / 2 - cx * k, y: height / 2 - cy * k }
}

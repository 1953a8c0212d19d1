import { clusterCounts, inBounds, MAX_PINS, type PlacedCount } from '../../../domain/map/clusters'
import { type MapQuery, windowRange } from '../../../domain/map/map-query'
import type { Bounds } from '../../../domain/map/map-view'
import type { AppDeps, Viewer } from '../../app-env'
import { badRequest } from '../../http/app-error'
import { fiveDigitZipCentre, zipAreaCentre, zipsInBox } from '../../integrations/geocoding/offline-zip-geocoder'
import { viewerMarkets, viewerRdnIds } from '../../queries/viewer-scope'
import { casePins } from './pins'
import { type CaseFilter, findAgent, findClient, zipCounts } from './repository'

/** How precisely clusters (and pins not yet geocoded) are placed: at their ZIP's centre (pins.ts places at the street with GEOCODER_URL). */
export const MAP_PRECISION: 'zip' | 'street' = 'zip'

/** The filters of a map query (its view aside). */
export type CaseFilterQuery = Pick<
  MapQuery,
  'status' | 'market' | 'agent' | 'client' | 'window' | 'from' | 'to' | 'spotted'
>

/**
 * The viewer's cases under the filters (issue 19): a recovery agent sees only the cases assigned
 * to them, a field manager those of their markets, an administrator or manager every case. An agent or client
 * of another company is a 400.
 */
export async function caseFilter(
  { db }: AppDeps,
  viewer: Viewer,
  query: CaseFilterQuery,
  now: Date,
): Promise<CaseFilter> {
  const range = windowRange(query, now)
  const filter: CaseFilter = {
    companyId: viewer.companyId,
    statuses: query.status,
    markets: null,
    orderAgent: null,
    rdnAgents: null,
    clientId: null,
    since: range?.since ?? null,
    until: range?.until ?? null,
    spotted: query.spotted ?? null,
    nothing: false,
  }
  if (viewer.role === 'recovery_agent') {
    filter.orderAgent = viewer.profileId
    filter.rdnAgents = await viewerRdnIds(db, viewer)
  } else if (viewer.role === 'field_manager') {
    filter.markets = await viewerMarkets(db, viewer)
  }
  if (query.market) {
    filter.markets = filter.markets ? filter.markets.filter((market) => market === query.market) : [query.market]
  }
  if (query.agent) {
    if (!(await findAgent(db, viewer.companyId, query.agent)))
      throw badRequest('No such agent in this company.', 'agent')
    if (viewer.role === 'recovery_agent') {
      // An agent sees only their own cases: filtering on anyone else shows nothing.
      if (query.agent !== viewer.profileId) filter.nothing = true
    } else {
      filter.orderAgent = query.agent
      filter.rdnAgents = await viewerRdnIds(db, { ...viewer, profileId: query.agent })
    }
  }
  if (query.client) {
    const client = await findClient(db, viewer.companyId, query.client)
    if (!client) throw badRequest('No such client in this company.', 'client')
    filter.clientId = client.id
  }
  return filter
}

/** A view with more ZIPs than this is counted whole (a ZIP list that long saves nothing). */
export const MAX_ZIPS_IN_BOX = 5_000

/** At this zoom and wider, cases gather by ZIP3 area: cells there span more than a degree. */
export const AREA_ZOOM = 6

/** The filtered cases' places in the view, counted by status and source (a place the index does not know is left out). */
async function placedCounts({ db }: AppDeps, filter: CaseFilter, bounds: Bounds, digits: 3 | 5) {
  // A close view counts only the ZIPs in it.
  const inBox = digits === 5 ? zipsInBox(bounds, MAX_ZIPS_IN_BOX) : null
  const counts = await zipCounts(db, filter, digits, inBox)
  const centreOf = digits === 3 ? zipAreaCentre : fiveDigitZipCentre
  const points: (PlacedCount & { zip: string })[] = []
  let inView = 0
  let unplaced = 0
  for (const row of counts) {
    if (row.zip === null) {
      unplaced += row.count
      continue
    }
    const centre = centreOf(row.zip)
    if (centre && inBounds(bounds, centre.lat, centre.lng)) {
      points.push({
        zip: row.zip,
        status: row.status,
        source: row.source,
        count: row.count,
        lat: centre.lat,
        lng: centre.lng,
      })
      inView += row.count
    }
  }
  return { points, inView, unplaced }
}

/**
 * The map's data for a view: clusters of the cases in it (by ZIP centre, on the zoom's grid), or a
 * pin per case once no more than MAX_PINS are in view; with how many of the viewer's cases have no
 * ZIP to place them by.
 */
export async function mapCases(deps: AppDeps, viewer: Viewer, query: MapQuery, now = new Date()) {
  const filter = await caseFilter(deps, viewer, query, now)
  // A wide view gathers by ZIP3 area (a few hundred places, not tens of thousands); a closer one by ZIP.
  let placed = await placedCounts(deps, filter, query, query.zoom <= AREA_ZOOM ? 3 : 5)
  // Few enough by area: counted again by ZIP, which decides (an area's centre may be in view while some of its ZIPs are not).
  if (placed.inView <= MAX_PINS && query.zoom <= AREA_ZOOM) placed = await placedCounts(deps, filter, query, 5)
  const base = { precision: MAP_PRECISION, zoom: query.zoom, inView: placed.inView, unplaced: placed.unplaced }
  if (placed.inView > MAX_PINS) return { ...base, clusters: clusterCounts(placed.points, query.zoom), pins: [] }
  const zips = [...new Set(placed.points.map((point) => point.zip))]
  const pins = await casePins(deps, viewer.companyId, filter, zips, now)
  // Every pin at its street: the view is placed at street level (a geocoder is set and has answered).
  const precision = pins.length > 0 && pins.every((pin) => pin.precision === 'street') ? 'street' : MAP_PRECISION
  return { ...base, precision, clusters: [], pins }
}

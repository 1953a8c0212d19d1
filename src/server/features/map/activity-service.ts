import type { ActivityQuery } from '../../../domain/map/layers-query'
import { windowRange } from '../../../domain/map/map-query'
import type { AppDeps, Viewer } from '../../app-env'
import { fiveDigitZipCentre, zipAreaCentre } from '../../integrations/geocoding/offline-zip-geocoder'
import { findCounts, recoveryCounts } from './activity-repository'
import { AREA_ZOOM, caseFilter } from './service'

/**
 * Recent recoveries or camera finds of the viewer's cases (their scope and the filters) over a
 * period, counted by ZIP3 area in a wide view and by ZIP closer in: the activity layers and the
 * heat map. A count whose place the offline index does not know is unplaced.
 */
export async function mapActivity(deps: AppDeps, viewer: Viewer, query: ActivityQuery, now = new Date()) {
  // The period is when things happened, not when the case was last updated: the cases are not windowed.
  const filter = await caseFilter(
    deps,
    viewer,
    { status: [], market: query.market, agent: query.agent, client: query.client, window: 'all' },
    now,
  )
  const range = windowRange(query, now) ?? { since: new Date(0), until: null }
  const digits = query.zoom <= AREA_ZOOM ? 3 : 5
  const counts =
    query.kind === 'recoveries'
      ? await recoveryCounts(deps.db, filter, range, digits)
      : await findCounts(deps.db, filter, range, digits)
  const centreOf = digits === 3 ? zipAreaCentre : fiveDigitZipCentre
  const places = new Map<string, { key: string; lat: number; lng: number; count: number }>()
  let total = 0
  let unplaced = 0
  for (const { zip, count } of counts) {
    total += count
    const centre = centreOf(zip)
    if (zip === null || !centre) {
      unplaced += count
      continue
    }
    const place = places.get(zip)
    if (place) place.count += count
    else places.set(zip, { key: zip, lat: centre.lat, lng: centre.lng, count })
  }
  return {
    kind: query.kind,
    window: query.window,
    total,
    unplaced,
    places: [...places.values()].sort((a, b) => b.count - a.count),
  }
}

import { MAX_BULK_ASSIGN } from '../../../domain/assignments/board'
import { inBounds } from '../../../domain/map/clusters'
import type { MapQuery } from '../../../domain/map/map-query'
import type { AppDeps, Viewer } from '../../app-env'
import { badRequest } from '../../http/app-error'
import { fiveDigitZipCentre, zipsInBox } from '../../integrations/geocoding/offline-zip-geocoder'
import { OPEN_WORK } from '../../queries/agent-work-sql'
import { WORKLIST_STOPS } from '../../queries/assignable-work-sql'
import { caseLabel, orderLabel, zipCounts } from './repository'
import { casesInZips } from './selection-repository'
import { caseFilter, MAX_ZIPS_IN_BOX } from './service'

/** The statuses an area selects: open work (domain/agent-work), orders' and RDN cases' alike. */
const OPEN_STATUSES = OPEN_WORK

/** An area selects at most what one bulk assignment takes. */
export const MAX_SELECTION = MAX_BULK_ASSIGN

/**
 * The cases of a drawn area, for a bulk assignment: how many cases of the viewer's scope and
 * filters have their place (their ZIP's centre) inside the bounds (`inArea`, what the map's
 * clusters count), and of those the open ones (`total`, domain/agent-work), listed: only open work
 * is assigned. More than MAX_SELECTION open is a 400, said before any case is listed. An RDN case
 * is named by its row id, as the assignment takes it.
 */
export async function mapSelection(deps: AppDeps, viewer: Viewer, query: MapQuery, now = new Date()) {
  const filter = await caseFilter(deps, viewer, query, now)
  // Counted by ZIP and status first (only the area's ZIPs, unless it holds too many to list), then listed.
  const counts = await zipCounts(deps.db, filter, 5, zipsInBox(query, MAX_ZIPS_IN_BOX))
  // Only work still to hand out is selected: a recovered or closed case is not reassigned from an
  // area, nor a stopped one (on hold, issue 44), though it is open work for the figures.
  const open = (query.status.length ? query.status : OPEN_STATUSES).filter(
    (status) => OPEN_STATUSES.includes(status) && !WORKLIST_STOPS.includes(status),
  )
  filter.statuses = open
  const zips = new Set<string>()
  let inArea = 0
  let total = 0
  for (const row of counts) {
    const centre = fiveDigitZipCentre(row.zip)
    if (row.zip === null || !centre || !inBounds(query, centre.lat, centre.lng)) continue
    inArea += row.count
    if (!open.includes(row.status)) continue
    zips.add(row.zip)
    total += row.count
  }
  if (total === 0) return { total: 0, inArea, items: [] }
  if (total > MAX_SELECTION)
    throw badRequest('An area may select at most 1,000 cases at once; draw a smaller area or narrow the filters.')
  const { orders, cases } = await casesInZips(deps.db, filter, [...zips], MAX_SELECTION)
  const items = [
    ...orders.map((order) => ({
      source: 'order' as const,
      id: order.id,
      label: orderLabel(order),
    })),
    ...cases.map((row) => ({
      source: 'case' as const,
      id: row.id,
      label: caseLabel(row),
    })),
  ].slice(0, MAX_SELECTION)
  return { total: items.length, inArea, items }
}

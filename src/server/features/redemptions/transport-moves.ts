import type { ReleaseCompletion } from '../../../domain/redemption/release'
import type { AppDeps, Viewer } from '../../app-env'
import { handOverVehicle } from './release-service'
import { countTransportMoves, transportMovesPage } from './transport-moves-repository'

// The transport manager's moves (issue 20): the vehicles 'Authorized to Transport' to an auction or
// transporter and not yet handed over, oldest authorization first, a page at a time (issue 42).

/** Moves a page lists; 'Show more' adds the next page. */
export const TRANSPORT_MOVES_PAGE_SIZE = 50

/** A page of the company's live transport authorizations, with the vehicle, its case and where it goes, and how many there are. */
export async function listTransportMoves(deps: AppDeps, viewer: Viewer, page = 1) {
  const [rows, total] = await Promise.all([
    transportMovesPage(deps.db, viewer.companyId, {
      limit: TRANSPORT_MOVES_PAGE_SIZE + 1,
      offset: (page - 1) * TRANSPORT_MOVES_PAGE_SIZE,
    }).execute(),
    countTransportMoves(deps.db, viewer.companyId),
  ])
  return {
    moves: rows.slice(0, TRANSPORT_MOVES_PAGE_SIZE).map((row) => ({
      id: row.id,
      label: row.label ?? (row.case_id === null ? null : String(row.case_id)),
      vehicle: [row.year, row.make, row.model].filter(Boolean).join(' ') || null,
      vin: row.vin,
      vendorName: row.vendor_name,
      authorizedAt: row.authorized_at.toISOString(),
      href: row.order_id ? `/order/${row.order_id}` : row.case_id === null ? null : `/cases/${row.case_id}`,
    })),
    page,
    hasMore: rows.length > TRANSPORT_MOVES_PAGE_SIZE,
    total,
  }
}

/** Hands a transported vehicle to the transporter against an ID (a release is not a move: not found). */
export async function completeTransportMove(
  deps: AppDeps,
  viewer: Viewer,
  releaseId: string,
  input: ReleaseCompletion,
  ip: string | null,
) {
  await handOverVehicle(deps, viewer, releaseId, input, ip, 'transport')
  return listTransportMoves(deps, viewer)
}

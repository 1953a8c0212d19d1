import type { ReleaseCompletion } from '../../../domain/redemption/release'
import type { AppDeps, Viewer } from '../../app-env'
import { handOverVehicle } from './release-service'

// The transport manager's moves (issue 20): the vehicles 'Authorized to Transport' to an auction or
// transporter and not yet handed over, oldest authorization first.

/** The company's live transport authorizations, with the vehicle, its case and where it goes. */
export async function listTransportMoves(deps: AppDeps, viewer: Viewer) {
  const rows = await deps.db
    .selectFrom('vehicle_releases as r')
    .leftJoin('vendors as v', 'v.id', 'r.vendor_id')
    .leftJoin('orders as o', (join) => join.onRef('o.id', '=', 'r.order_id').onRef('o.company_id', '=', 'r.company_id'))
    .leftJoin('rdn_cases as c', (join) =>
      join.onRef('c.id', '=', 'r.rdn_case_id').onRef('c.company_id', '=', 'r.company_id'),
    )
    .select([
      'r.id',
      'r.authorized_at',
      'r.order_id',
      'c.case_id',
      'v.name as vendor_name',
      (eb) => eb.fn.coalesce('o.order_number', 'o.case_number', 'c.case_number').as('label'),
      (eb) => eb.fn.coalesce('o.year', 'c.year').as('year'),
      (eb) => eb.fn.coalesce('o.make', 'c.make').as('make'),
      (eb) => eb.fn.coalesce('o.model', 'c.model').as('model'),
      (eb) => eb.fn.coalesce('o.vin', 'c.vin').as('vin'),
    ])
    .where('r.company_id', '=', viewer.companyId)
    .where('r.kind', '=', 'transport')
    .where('r.status', '=', 'authorized')
    .orderBy('r.authorized_at')
    .orderBy('r.id')
    .execute()
  return {
    moves: rows.map((row) => ({
      id: row.id,
      label: row.label ?? (row.case_id === null ? null : String(row.case_id)),
      vehicle: [row.year, row.make, row.model].filter(Boolean).join(' ') || null,
      vin: row.vin,
      vendorName: row.vendor_name,
      authorizedAt: row.authorized_at.toISOString(),
      href: row.order_id ? `/order/${row.order_id}` : row.case_id === null ? null : `/cases/${row.case_id}`,
    })),
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

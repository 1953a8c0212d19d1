import { type Kysely, sql } from 'kysely'
import type { RedemptionListQuery, ReleaseState } from '../../../domain/redemption/redemption-list'
import { RELEASE_KIND_LABELS, type ReleaseKind } from '../../../domain/redemption/release'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { containsPattern } from '../../lib/like-pattern'
import { releaseSignatures } from '../compliance/release-signatures'

// The Vehicle Redemptions screen (issue 20): the company's recovered vehicles, orders and RDN
// cases alike (recovered as src/server/lib/recovered-case.ts reads it), each with its live
// release or transport authorization and where that stands.

/** Where a release stands: completed ones by their kind, a release by its document, else authorized. */
const releaseState = sql<ReleaseState>`case
  when r.id is null then 'none'
  when r.status = 'completed' and r.kind = 'release' then 'released'
  when r.status = 'completed' then 'transported'
  when r.kind = 'release' and d.status = 'signed' then 'signed'
  when r.kind = 'release' and r.release_document_id is not null then 'waiting'
  else 'authorized' end`

/**
 * Recovered orders and RDN cases as one list of the same columns. A search first narrows RDN
 * cases through their indexed search text (which holds the number, debtor and VIN among others),
 * so a company with a million cases is not read whole.
 */
function recoveredCases(db: Kysely<DB>, companyId: string, pattern: string | null) {
  const orders = db
    .selectFrom('orders as o')
    .leftJoin('clients as cl', 'cl.id', 'o.client_id')
    .select([
      sql<string>`'order:' || o.id`.as('case_key'),
      sql<string | null>`o.id`.as('order_id'),
      sql<number | null>`null::integer`.as('case_id'),
      sql<string>`coalesce(o.order_number, o.case_number, '')`.as('label'),
      'o.year',
      'o.make',
      'o.model',
      'o.vin',
      'o.borrower_name as debtor',
      sql<string | null>`coalesce(cl.display_name, cl.name)`.as('client'),
      sql<string | null>`to_char(coalesce(o.recovery_date::date, o.updated_at::date), 'YYYY-MM-DD')`.as('recovered_on'),
    ])
    .where('o.company_id', '=', companyId)
    .where((eb) => eb.or([eb('o.status', '=', 'Repossessed'), eb('o.recovery_date', 'is not', null)]))
  let cases = db
    .selectFrom('rdn_cases as c')
    .leftJoin('clients as cl', 'cl.id', 'c.client_id')
    .select([
      sql<string>`'rdn:' || c.id`.as('case_key'),
      sql<string | null>`null::uuid`.as('order_id'),
      sql<number | null>`c.case_id`.as('case_id'),
      sql<string>`coalesce(c.case_number, c.case_id::text)`.as('label'),
      'c.year',
      'c.make',
      'c.model',
      'c.vin',
      'c.debtor_display_name as debtor',
      sql<string | null>`coalesce(cl.display_name, cl.name, c.lender_name, c.lienholder_name)`.as('client'),
      sql<string | null>`to_char(
        coalesce(c.repo_date::date, c.time_marked_repossessed::date, c.updated_at::date), 'YYYY-MM-DD')`.as(
        'recovered_on',
      ),
    ])
    .where('c.company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('c.status', '=', 'Repossessed'),
        eb('c.repo_date', 'is not', null),
        eb('c.time_marked_repossessed', 'is not', null),
      ]),
    )
  if (pattern) cases = cases.where('c.search_text', 'like', pattern)
  return orders.unionAll(cases)
}

/** The company's recovered vehicles with their release, filtered, newest recovery first. */
function listedVehicles(db: Kysely<DB>, companyId: string, query: RedemptionListQuery) {
  const pattern = query.q ? containsPattern(query.q.toLowerCase()) : null
  let listed = db
    .selectFrom(recoveredCases(db, companyId, pattern).as('v'))
    .leftJoin('vehicle_releases as r', (join) =>
      join.onRef('r.case_key', '=', 'v.case_key').on('r.company_id', '=', companyId).on('r.status', '<>', 'cancelled'),
    )
    .leftJoin('vendors as vendor', 'vendor.id', 'r.vendor_id')
    .leftJoin('compliance_documents as d', 'd.id', 'r.release_document_id')
  if (pattern) {
    listed = listed.where((eb) =>
      eb.or([
        eb(sql`lower(v.label)`, 'like', pattern),
        eb(sql`lower(coalesce(v.vin, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(v.debtor, ''))`, 'like', pattern),
      ]),
    )
  }
  if (query.status) listed = listed.where(releaseState, '=', query.status)
  return listed
}

/** A page of the Vehicle Redemptions list, and how many vehicles match in all. */
export async function listRedemptions(deps: AppDeps, viewer: Viewer, query: RedemptionListQuery) {
  const listed = listedVehicles(deps.db, viewer.companyId, query)
  const [rows, total] = await Promise.all([
    listed
      .selectAll('v')
      .select([
        releaseState.as('state'),
        'r.id as release_id',
        'r.kind',
        'r.authorized_at',
        'r.completed_at',
        'r.released_to',
        'r.release_document_id',
        'vendor.name as vendor_name',
      ])
      .orderBy('v.recovered_on', (order) => order.desc().nullsLast())
      .orderBy('v.label')
      .orderBy('v.case_key')
      .limit(query.limit)
      .execute(),
    listed.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  const signatures = await releaseSignatures(
    deps.db,
    viewer.companyId,
    rows.flatMap((row) => (row.release_document_id ? [row.release_document_id] : [])),
  )
  return {
    total: Number(total.count),
    vehicles: rows.map((row) => ({
      caseKey: row.case_key,
      target: row.order_id
        ? ({ subject: 'order', orderId: row.order_id } as const)
        : ({ subject: 'case', caseId: String(row.case_id) } as const),
      label: row.label,
      vehicle: [row.year, row.make, row.model].filter(Boolean).join(' ') || null,
      vin: row.vin,
      debtor: row.debtor,
      client: row.client,
      recoveredOn: row.recovered_on,
      release: row.release_id
        ? {
            id: row.release_id,
            state: row.state,
            kind: row.kind as ReleaseKind,
            label: RELEASE_KIND_LABELS[row.kind as ReleaseKind],
            vendorName: row.vendor_name,
            authorizedAt: row.authorized_at?.toISOString() ?? null,
            completedAt: row.completed_at?.toISOString() ?? null,
            releasedTo: row.released_to,
            signature: (row.release_document_id && signatures.get(row.release_document_id)) || null,
          }
        : null,
      state: row.state,
    })),
  }
}

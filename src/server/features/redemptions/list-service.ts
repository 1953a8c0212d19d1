import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { RedemptionListQuery } from '../../../domain/redemption/redemption-list'
import { RELEASE_KIND_LABELS, type ReleaseKind } from '../../../domain/redemption/release'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { containsPattern } from '../../queries/like-pattern'
import { releaseSignatures } from '../compliance/release-signatures'
import { countVehicles, keptVehicleCounts } from './list-counts'
import {
  caseKey,
  caseLabel,
  caseRecoveredDay,
  matchesPattern,
  orderKey,
  orderLabel,
  orderRecoveredDay,
  RELEASE_STATE_IS,
  recoveredOrders,
  recoveredRdnCases,
  releaseState,
  releaseStateIs,
  SORTED_AT_MOST,
} from './list-sql'

// The Vehicle Redemptions screen (issue 20): the company's recovered vehicles, orders and RDN
// cases alike (recovered as src/server/queries/recovered-case.ts reads it), each with its live
// release or transport authorization and where that stands.

/** Recovered orders with their live release and the list's columns, filtered. */
function listedOrders(db: Kysely<DB>, companyId: string, query: RedemptionListQuery, pattern: string | null) {
  let orders = recoveredOrders(db, companyId, query.q ?? null)
    .leftJoin('clients as cl', 'cl.id', 'o.client_id')
    .leftJoin('vehicle_releases as r', (join) =>
      join.onRef('r.order_id', '=', 'o.id').on('r.company_id', '=', companyId).on('r.status', '<>', 'cancelled'),
    )
    .leftJoin('vendors as vendor', 'vendor.id', 'r.vendor_id')
    .leftJoin('compliance_documents as d', 'd.id', 'r.release_document_id')
    .select([
      orderKey.as('case_key'),
      sql<string | null>`o.id`.as('order_id'),
      sql<number | null>`null::integer`.as('case_id'),
      orderLabel.as('label'),
      'o.year',
      'o.make',
      'o.model',
      'o.vin',
      'o.borrower_name as debtor',
      sql<string | null>`coalesce(cl.display_name, cl.name)`.as('client'),
      sql<string | null>`to_char(${orderRecoveredDay}, 'YYYY-MM-DD')`.as('recovered_on'),
      ...releaseColumns,
    ])
  if (pattern) orders = orders.where(matchesPattern(pattern, orderLabel, 'o.vin', 'o.borrower_name'))
  if (query.status) orders = orders.where(releaseStateIs(query.status, 'order_id'))
  return orders
}

/**
 * A page of recovered RDN cases as ids, in the list's order (sorted by the day's text when
 * `sorted`, the same order), filtered: only what decides the page is read, from migrations 056's
 * and 061's indexes where it can (both hold the case id and the order's columns), the rest of a
 * case joined for the page alone.
 */
export function pagedRdnCases(
  db: Kysely<DB>,
  companyId: string,
  query: RedemptionListQuery,
  pattern: string | null,
  sorted: boolean,
) {
  // Many matches are found walking the order index (a search's index would read every match first).
  let cases = recoveredRdnCases(db, companyId, sorted ? pattern : null).select('c.id')
  if (pattern) cases = cases.where(matchesPattern(pattern, caseLabel, 'c.vin', 'c.debtor_display_name'))
  const { status } = query
  if (status)
    cases = cases.where(({ exists, selectFrom, not }) => {
      const releases = selectFrom('vehicle_releases as r')
        .leftJoin('compliance_documents as d', 'd.id', 'r.release_document_id')
        .select('r.id')
        .whereRef('r.rdn_case_id', '=', 'c.id')
        .where('r.company_id', '=', companyId)
        .where('r.status', '<>', 'cancelled')
      return status === 'none' ? not(exists(releases)) : exists(releases.where(RELEASE_STATE_IS[status]))
    })
  return cases
    .orderBy(sorted ? sql`to_char(${caseRecoveredDay}, 'YYYY-MM-DD')` : caseRecoveredDay, (order) =>
      order.desc().nullsLast(),
    )
    .orderBy(caseLabel)
    .orderBy(caseKey)
    .limit(query.limit)
}

/** A page of recovered RDN cases with their live release and the list's columns. */
function listedRdnCases(db: Kysely<DB>, companyId: string, page: ReturnType<typeof pagedRdnCases>) {
  return db
    .selectFrom(page.as('p'))
    .innerJoin('rdn_cases as c', 'c.id', 'p.id')
    .leftJoin('clients as cl', 'cl.id', 'c.client_id')
    .leftJoin('vehicle_releases as r', (join) =>
      join.onRef('r.rdn_case_id', '=', 'c.id').on('r.company_id', '=', companyId).on('r.status', '<>', 'cancelled'),
    )
    .leftJoin('vendors as vendor', 'vendor.id', 'r.vendor_id')
    .leftJoin('compliance_documents as d', 'd.id', 'r.release_document_id')
    .select([
      caseKey.as('case_key'),
      sql<string | null>`null::uuid`.as('order_id'),
      sql<number | null>`c.case_id`.as('case_id'),
      caseLabel.as('label'),
      'c.year',
      'c.make',
      'c.model',
      'c.vin',
      'c.debtor_display_name as debtor',
      sql<string | null>`coalesce(cl.display_name, cl.name, c.lender_name, c.lienholder_name)`.as('client'),
      sql<string | null>`to_char(${caseRecoveredDay}, 'YYYY-MM-DD')`.as('recovered_on'),
      ...releaseColumns,
    ])
}

const releaseColumns = [
  releaseState.as('state'),
  sql<string | null>`r.id`.as('release_id'),
  sql<string | null>`r.kind`.as('kind'),
  sql<Date | null>`r.authorized_at`.as('authorized_at'),
  sql<Date | null>`r.completed_at`.as('completed_at'),
  sql<string | null>`r.released_to`.as('released_to'),
  sql<string | null>`r.release_document_id`.as('release_document_id'),
  sql<string | null>`vendor.name`.as('vendor_name'),
] as const

/**
 * A page of recovered vehicles, newest recovery first: each source's first rows merged. Many
 * matches (`few` false: every vehicle, those with no release, a common state or search) are the
 * first rows of each source's order index, walked until a page is found; few matches are read
 * from the releases or the search index and sorted, ordered by the day's text (the same order) so
 * the order index is not walked through every recovered vehicle to find them. Either way at most
 * about SORTED_AT_MOST rows are read.
 */
function vehiclePage(
  db: Kysely<DB>,
  companyId: string,
  query: RedemptionListQuery,
  pattern: string | null,
  few: { orders: boolean; cases: boolean },
  empty: { orders: boolean; cases: boolean },
) {
  const sortedDay = (day: RawBuilder<string>, sorted: boolean) => (sorted ? sql`to_char(${day}, 'YYYY-MM-DD')` : day)
  // A source counted empty is not read at all (a constant false the planner stops at).
  const nothingIf = (none: boolean) => sql<boolean>`${sql.lit(!none)}`
  const orders = listedOrders(db, companyId, query, pattern)
    .where(nothingIf(empty.orders))
    .orderBy(sortedDay(orderRecoveredDay, few.orders), (order) => order.desc().nullsLast())
    .orderBy(orderLabel)
    .orderBy(orderKey)
    .limit(query.limit)
  const cases = listedRdnCases(
    db,
    companyId,
    pagedRdnCases(db, companyId, query, pattern, few.cases).where(nothingIf(empty.cases)),
  )
  return db
    .selectFrom(
      db
        .selectFrom(orders.as('o'))
        .selectAll()
        .unionAll(db.selectFrom(cases.as('c')).selectAll())
        .as('v'),
    )
    .selectAll()
    .orderBy('v.recovered_on', (order) => order.desc().nullsLast())
    .orderBy('v.label')
    .orderBy('v.case_key')
    .limit(query.limit)
    .execute()
}

/** A page of the Vehicle Redemptions list, and how many vehicles match in all. */
export async function listRedemptions(deps: AppDeps, viewer: Viewer, query: RedemptionListQuery) {
  const pattern = query.q ? containsPattern(query.q.toLowerCase()) : null
  const { db } = deps
  const companyId = viewer.companyId
  // Each source's matches are counted first, to read its page the cheaper way: a search's by its
  // index; otherwise as the database keeps them. A release state's are few when at most that many
  // (then read from its releases and sorted); every vehicle, or those with no release, are many.
  const counts = pattern
    ? await countVehicles(db, companyId, query, pattern)
    : await keptVehicleCounts(db, companyId, query.status).then(({ orders, cases }) => [orders, cases] as const)
  const mayBeFew = pattern !== null || (query.status !== undefined && query.status !== 'none')
  const few = (count: number) => mayBeFew && count <= SORTED_AT_MOST
  const [inOrders, inCases] = counts
  const rows =
    inOrders + inCases === 0
      ? []
      : await vehiclePage(
          db,
          companyId,
          query,
          pattern,
          { orders: few(inOrders), cases: few(inCases) },
          { orders: inOrders === 0, cases: inCases === 0 },
        )
  const total = inOrders + inCases
  const signatures = await releaseSignatures(
    db,
    companyId,
    rows.flatMap((row) => (row.release_document_id ? [row.release_document_id] : [])),
  )
  return {
    total,
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

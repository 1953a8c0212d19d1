import { type AliasedSelectQueryBuilder, type Kysely, type RawBuilder, sql } from 'kysely'
import { RELEASE_STATES, type RedemptionListQuery, type ReleaseState } from '../../../domain/redemption/redemption-list'
import { RELEASE_KIND_LABELS, type ReleaseKind } from '../../../domain/redemption/release'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { containsPattern } from '../../lib/like-pattern'
import { agencyDaySql } from '../../lib/repossession-moment'
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

// Each source's list order, as migration 056's indexes hold it: the day of recovery (a timestamp's
// day the agency's, its zone a literal as in the indexes), then the label, then the key.
const orderRecoveredDay = sql<string>`coalesce(o.recovery_date, ${agencyDaySql(sql`o.updated_at`)})`
const orderLabel = sql<string>`coalesce(o.order_number, o.case_number, '')`
const orderKey = sql<string>`'order:' || o.id::text`
const caseRecoveredDay = sql<string>`coalesce(c.repo_date, ${agencyDaySql(sql`c.time_marked_repossessed`)},
  ${agencyDaySql(sql`c.updated_at`)})`
const caseLabel = sql<string>`coalesce(c.case_number, c.case_id::text)`
const caseKey = sql<string>`'rdn:' || c.id::text`

/** The company's recovered orders (as migration 056's partial index holds them). */
function recoveredOrders(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('orders as o')
    .where('o.company_id', '=', companyId)
    .where((eb) => eb.or([eb('o.status', '=', 'Repossessed'), eb('o.recovery_date', 'is not', null)]))
}

/**
 * The company's recovered RDN cases (as migration 056's partial index holds them). A search first
 * narrows them through their indexed search text (which holds the number, debtor and VIN among
 * others), so a company with a million cases is not read whole.
 */
function recoveredRdnCases(db: Kysely<DB>, companyId: string, pattern: string | null) {
  let cases = db
    .selectFrom('rdn_cases as c')
    .where('c.company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('c.status', '=', 'Repossessed'),
        eb('c.repo_date', 'is not', null),
        eb('c.time_marked_repossessed', 'is not', null),
      ]),
    )
  if (pattern) cases = cases.where('c.search_text', 'like', pattern)
  return cases
}

/** A search matches a vehicle's label, VIN or debtor. */
function matchesPattern(pattern: string, label: RawBuilder<string>, vin: string, debtor: string) {
  return sql<boolean>`(lower(${label}) like ${pattern} or lower(coalesce(${sql.ref(vin)}, '')) like ${pattern}
    or lower(coalesce(${sql.ref(debtor)}, '')) like ${pattern})`
}

/** Recovered orders with their live release and the list's columns, filtered. */
function listedOrders(db: Kysely<DB>, companyId: string, query: RedemptionListQuery, pattern: string | null) {
  let orders = recoveredOrders(db, companyId)
    .leftJoin('clients as cl', 'cl.id', 'o.client_id')
    .leftJoin('vehicle_releases as r', (join) =>
      join
        .onRef('r.case_key', '=', orderKey)
        .onRef('r.order_id', '=', 'o.id')
        .on('r.company_id', '=', companyId)
        .on('r.status', '<>', 'cancelled'),
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
  if (query.status && query.status !== 'none') orders = orders.where('r.id', 'is not', null)
  if (query.status) orders = orders.where(releaseState, '=', query.status)
  return orders
}

/** Recovered RDN cases with their live release and the list's columns, filtered. */
function listedRdnCases(db: Kysely<DB>, companyId: string, query: RedemptionListQuery, pattern: string | null) {
  let cases = recoveredRdnCases(db, companyId, pattern)
    .leftJoin('clients as cl', 'cl.id', 'c.client_id')
    .leftJoin('vehicle_releases as r', (join) =>
      join
        .onRef('r.case_key', '=', caseKey)
        .onRef('r.rdn_case_id', '=', 'c.id')
        .on('r.company_id', '=', companyId)
        .on('r.status', '<>', 'cancelled'),
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
  if (pattern) cases = cases.where(matchesPattern(pattern, caseLabel, 'c.vin', 'c.debtor_display_name'))
  if (query.status && query.status !== 'none') cases = cases.where('r.id', 'is not', null)
  if (query.status) cases = cases.where(releaseState, '=', query.status)
  return cases
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
 * A page of recovered vehicles, newest recovery first: each source's first rows in its index's
 * order, merged; no source is sorted whole.
 */
function vehiclePage(db: Kysely<DB>, companyId: string, query: RedemptionListQuery, pattern: string | null) {
  const orders = listedOrders(db, companyId, query, pattern)
    .orderBy(orderRecoveredDay, (order) => order.desc().nullsLast())
    .orderBy(orderLabel)
    .orderBy(orderKey)
    .limit(query.limit)
  // A search is narrowed by the search-text index and its matches sorted: ordered by the day's text
  // (the same order), so the order index is not walked through every recovered case instead.
  const caseOrder = pattern ? sql`to_char(${caseRecoveredDay}, 'YYYY-MM-DD')` : caseRecoveredDay
  const cases = listedRdnCases(db, companyId, query, pattern)
    .orderBy(caseOrder, (order) => order.desc().nullsLast())
    .orderBy(caseLabel)
    .orderBy(caseKey)
    .limit(query.limit)
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

/**
 * How many vehicles match in all. Unsearched, from the indexes: every recovered vehicle is an
 * index-only count of each source; those with a release are counted from their releases (a
 * vehicle has at most one live release: vehicle_releases_live_idx), those with none are the difference.
 */
async function countVehicles(db: Kysely<DB>, companyId: string, query: RedemptionListQuery, pattern: string | null) {
  const count = async (listed: { as: (alias: 'v') => AliasedSelectQueryBuilder<object, 'v'> }) =>
    Number(
      (
        await db
          .selectFrom(listed.as('v'))
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    )
  const listedCount = (listQuery: RedemptionListQuery) =>
    Promise.all([
      count(listedOrders(db, companyId, listQuery, pattern)),
      count(listedRdnCases(db, companyId, listQuery, pattern)),
    ]).then(([orders, cases]) => orders + cases)
  if (pattern || (query.status && query.status !== 'none')) return listedCount(query)
  const [orders, cases] = await Promise.all([
    recoveredOrders(db, companyId)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
    recoveredRdnCases(db, companyId, null)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  const recovered = Number(orders.count) + Number(cases.count)
  if (!query.status) return recovered
  // Counted state by state: each such count is read from the releases, where counting every
  // vehicle with a release at once reads every recovered case.
  const released = await Promise.all(
    RELEASE_STATES.filter((state) => state !== 'none').map((state) => listedCount({ ...query, status: state })),
  )
  return recovered - released.reduce((sum, n) => sum + n, 0)
}

/** A page of the Vehicle Redemptions list, and how many vehicles match in all. */
export async function listRedemptions(deps: AppDeps, viewer: Viewer, query: RedemptionListQuery) {
  const pattern = query.q ? containsPattern(query.q.toLowerCase()) : null
  const [rows, total] = await Promise.all([
    vehiclePage(deps.db, viewer.companyId, query, pattern),
    countVehicles(deps.db, viewer.companyId, query, pattern),
  ])
  const signatures = await releaseSignatures(
    deps.db,
    viewer.companyId,
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

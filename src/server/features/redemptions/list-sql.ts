import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely'
import type { ReleaseState } from '../../../domain/redemption/redemption-list'
import type { DB } from '../../db/schema'
import { searchedOrderIds } from '../../queries/order-filters'
import { agencyDaySql } from '../../queries/repossession-moment'

// The Vehicle Redemptions list's SQL (issue 20, issue 42): where a release stands, each source's
// order and search text as migration 056's indexes hold them, and the recovered vehicles.

/** Where a release stands: completed ones by their kind, a release by its document, else authorized. */
export const releaseState = sql<ReleaseState>`case
  when r.id is null then 'none'
  when r.status = 'completed' and r.kind = 'release' then 'released'
  when r.status = 'completed' then 'transported'
  when r.kind = 'release' and d.status = 'signed' then 'signed'
  when r.kind = 'release' and r.release_document_id is not null then 'waiting'
  else 'authorized' end`

/**
 * The same states as predicates the planner can estimate from the releases' own columns (a filter on
 * the case expression above is guessed at a handful of rows, so a page sorted every recovered vehicle).
 * A live release is authorized or completed (cancelled ones are not joined). No release is read
 * on the column it is joined by (`sourceColumn`: r.order_id, r.rdn_case_id), so the planner reads
 * it as an anti-join.
 */
export const releaseStateIs = (state: ReleaseState, sourceColumn: 'order_id' | 'rdn_case_id') =>
  state === 'none' ? sql<boolean>`${sql.ref(`r.${sourceColumn}`)} is null` : RELEASE_STATE_IS[state]
export const RELEASE_STATE_IS: Record<Exclude<ReleaseState, 'none'>, RawBuilder<boolean>> = {
  released: sql`r.status = 'completed' and r.kind = 'release'`,
  transported: sql`r.status = 'completed' and r.kind <> 'release'`,
  signed: sql`r.status = 'authorized' and r.kind = 'release' and d.status = 'signed'`,
  waiting: sql`r.status = 'authorized' and r.kind = 'release' and r.release_document_id is not null
    and d.status is distinct from 'signed'`,
  authorized: sql`r.status = 'authorized' and (r.kind <> 'release' or r.release_document_id is null)`,
}

// Each source's list order, as migration 056's (orders) and 061's (RDN cases) indexes hold it: the
// day of recovery (a timestamp's day the agency's, its zone a literal as in the indexes), then the
// label, then the key.
export const orderRecoveredDay = sql<string>`coalesce(o.recovery_date, ${agencyDaySql(sql`o.updated_at`)})`
export const orderLabel = sql<string>`coalesce(o.order_number, o.case_number, '')`
export const orderKey = sql<string>`'order:' || o.id::text`
export const caseRecoveredDay = sql<string>`coalesce(c.repo_date, ${agencyDaySql(sql`c.time_marked_repossessed`)},
  ${agencyDaySql(sql`c.updated_at`)})`
export const caseLabel = sql<string>`coalesce(c.case_number, c.case_id::text)`
export const caseKey = sql<string>`'rdn:' || c.id::text`

// What a search matches in a case, as one text (migration 056's trigram index): a case whose label,
// VIN or debtor holds the text is among those whose joined text holds it (matchesPattern then decides).
export const caseSearchText = sql<string>`(lower(coalesce(c.case_number, c.case_id::text)) || ' '
  || lower(coalesce(c.vin, '')) || ' ' || lower(coalesce(c.debtor_display_name, '')))`

/**
 * The company's recovered orders (as migration 056's partial index holds them), narrowed by a
 * search to those the orders' search index finds (its text holds the label, VIN and borrower), so
 * recovered orders are not read whole (matchesPattern then decides).
 */
export function recoveredOrders(db: Kysely<DB>, companyId: string, q: string | null) {
  const orders = db
    .selectFrom('orders as o')
    .where('o.company_id', '=', companyId)
    .where((eb) => eb.or([eb('o.status', '=', 'Repossessed'), eb('o.recovery_date', 'is not', null)]))
  return q === null
    ? orders
    : orders.where((eb) =>
        // The ids are read from the search tables alone (no outer table), whatever the orders' alias.
        eb('o.id', 'in', searchedOrderIds(eb as unknown as ExpressionBuilder<DB, 'orders'>, companyId, q)),
      )
}

/**
 * The company's recovered RDN cases (as migration 056's partial indexes hold them), narrowed by a
 * search, so a company with a million cases is not read whole.
 */
export function recoveredRdnCases(db: Kysely<DB>, companyId: string, pattern: string | null) {
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
  if (pattern) cases = cases.where(caseSearchText, 'like', pattern)
  return cases
}

/** A search matches a vehicle's label, VIN or debtor. */
export function matchesPattern(pattern: string, label: RawBuilder<string>, vin: string, debtor: string) {
  return sql<boolean>`(lower(${label}) like ${pattern} or lower(coalesce(${sql.ref(vin)}, '')) like ${pattern}
    or lower(coalesce(${sql.ref(debtor)}, '')) like ${pattern})`
}

/** At most this many matches are sorted; more are read in the order indexes' order (see vehiclePage). */
export const SORTED_AT_MOST = 5_000

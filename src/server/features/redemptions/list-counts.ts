import { type AliasedSelectQueryBuilder, type Kysely, sql } from 'kysely'
import type { RedemptionListQuery, ReleaseState } from '../../../domain/redemption/redemption-list'
import type { DB } from '../../db/schema'
import { caseLabel, matchesPattern, orderLabel, RELEASE_STATE_IS, recoveredOrders, recoveredRdnCases } from './list-sql'

// How many vehicles the Vehicle Redemptions list holds (issue 42), and whether a release state's are few.

/**
 * How many recovered vehicles each source has (in a release state), as the database keeps them
 * (migration 061): no recovered vehicle or release is read.
 */
export async function keptVehicleCounts(db: Kysely<DB>, companyId: string, state: ReleaseState | undefined) {
  const rows = await db
    .selectFrom('redemption_state_counts')
    .select(['source', (eb) => eb.fn.sum<string>('vehicles').as('vehicles')])
    .where('company_id', '=', companyId)
    .$if(state !== undefined, (qb) => qb.where('state', '=', state ?? 'none'))
    .groupBy('source')
    .execute()
  const inSource = (source: 'order' | 'rdn') => Number(rows.find((row) => row.source === source)?.vehicles ?? 0)
  return { orders: inSource('order'), cases: inSource('rdn') }
}

type Counted = { as: (alias: 'v') => AliasedSelectQueryBuilder<object, 'v'> }

/** The recovered vehicles (searched) with a live release in that state, only what decides them joined. */
function withRelease(
  db: Kysely<DB>,
  companyId: string,
  state: Exclude<ReleaseState, 'none'>,
  q: string | null,
  pattern: string | null,
) {
  const orders = recoveredOrders(db, companyId, q)
    .innerJoin('vehicle_releases as r', (join) =>
      join.onRef('r.order_id', '=', 'o.id').on('r.company_id', '=', companyId).on('r.status', '<>', 'cancelled'),
    )
    .leftJoin('compliance_documents as d', 'd.id', 'r.release_document_id')
    .$if(pattern !== null, (qb) => qb.where(matchesPattern(pattern ?? '', orderLabel, 'o.vin', 'o.borrower_name')))
  const cases = recoveredRdnCases(db, companyId, pattern)
    .innerJoin('vehicle_releases as r', (join) =>
      join.onRef('r.rdn_case_id', '=', 'c.id').on('r.company_id', '=', companyId).on('r.status', '<>', 'cancelled'),
    )
    .leftJoin('compliance_documents as d', 'd.id', 'r.release_document_id')
    .$if(pattern !== null, (qb) => qb.where(matchesPattern(pattern ?? '', caseLabel, 'c.vin', 'c.debtor_display_name')))
  return [
    orders.where(RELEASE_STATE_IS[state]).select('r.id'),
    cases.where(RELEASE_STATE_IS[state]).select('r.id'),
  ] as const
}

/**
 * How many vehicles match a search in all (what the database keeps counts no search), each source counted with only what decides it joined: every
 * recovered vehicle (or search match) from its indexes; those in a release state from their
 * releases (a vehicle has at most one live release: vehicle_releases_live_idx); those with none
 * as the rest.
 */
export async function countVehicles(
  db: Kysely<DB>,
  companyId: string,
  query: RedemptionListQuery,
  pattern: string | null,
): Promise<readonly [orders: number, cases: number]> {
  const count = async (listed: Counted) =>
    Number(
      (
        await db
          .selectFrom(listed.as('v'))
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    )
  const counted = ([orders, cases]: readonly [Counted, Counted]) => Promise.all([count(orders), count(cases)])
  if (query.status && query.status !== 'none')
    return counted(withRelease(db, companyId, query.status, query.q ?? null, pattern))
  // Every recovered vehicle (or match), or those with no live release (an anti-join): nothing else joined.
  const noRelease = query.status === 'none'
  const noLiveRelease = (column: 'r.order_id' | 'r.rdn_case_id', id: 'o.id' | 'c.id') =>
    sql<boolean>`not exists (select from vehicle_releases r where ${sql.ref(column)} = ${sql.ref(id)}
      and r.company_id = ${companyId} and r.status <> 'cancelled')`
  return counted([
    recoveredOrders(db, companyId, query.q ?? null)
      .$if(pattern !== null, (qb) => qb.where(matchesPattern(pattern ?? '', orderLabel, 'o.vin', 'o.borrower_name')))
      .$if(noRelease, (qb) => qb.where(noLiveRelease('r.order_id', 'o.id')))
      .select('o.id'),
    recoveredRdnCases(db, companyId, pattern)
      .$if(pattern !== null, (qb) =>
        qb.where(matchesPattern(pattern ?? '', caseLabel, 'c.vin', 'c.debtor_display_name')),
      )
      .$if(noRelease, (qb) => qb.where(noLiveRelease('r.rdn_case_id', 'c.id')))
      .select('c.id'),
  ])
}

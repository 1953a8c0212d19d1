import { type AliasedSelectQueryBuilder, type Kysely, sql } from 'kysely'
import type { RedemptionListQuery, ReleaseState } from '../../../domain/redemption/redemption-list'
import type { DB } from '../../db/schema'
import {
  caseLabel,
  matchesPattern,
  orderLabel,
  RELEASE_STATE_IS,
  recoveredOrders,
  recoveredRdnCases,
  SORTED_AT_MOST,
} from './list-sql'

// How many vehicles the Vehicle Redemptions list holds (issue 42), and whether a release state's are few.

/** Whether each source's live releases in a state are at most SORTED_AT_MOST (a bound on its vehicles in it). */
export async function fewReleasesIn(db: Kysely<DB>, companyId: string, state: Exclude<ReleaseState, 'none'>) {
  const atMost = async (source: 'r.order_id' | 'r.rdn_case_id') => {
    const releases = db
      .selectFrom('vehicle_releases as r')
      .leftJoin('compliance_documents as d', 'd.id', 'r.release_document_id')
      .select('r.id')
      .where('r.company_id', '=', companyId)
      .where('r.status', '<>', 'cancelled')
      .where(source, 'is not', null)
      .where(RELEASE_STATE_IS[state])
      .limit(SORTED_AT_MOST + 1)
    const { count } = await db
      .selectFrom(releases.as('r'))
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow()
    return Number(count) <= SORTED_AT_MOST
  }
  const [orders, cases] = await Promise.all([atMost('r.order_id'), atMost('r.rdn_case_id')])
  return { orders, cases }
}

type Counted = { as: (alias: 'v') => AliasedSelectQueryBuilder<object, 'v'> }

/** The recovered vehicles (searched) with a live release in that state, only what decides them joined. */
function withRelease(db: Kysely<DB>, companyId: string, state: Exclude<ReleaseState, 'none'>, pattern: string | null) {
  const orders = recoveredOrders(db, companyId)
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
 * How many vehicles match in all, each source counted with only what decides it joined: every
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
  if (query.status && query.status !== 'none') return counted(withRelease(db, companyId, query.status, pattern))
  // Every recovered vehicle (or match), or those with no live release (an anti-join): nothing else joined.
  const noRelease = query.status === 'none'
  const noLiveRelease = (column: 'r.order_id' | 'r.rdn_case_id', id: 'o.id' | 'c.id') =>
    sql<boolean>`not exists (select from vehicle_releases r where ${sql.ref(column)} = ${sql.ref(id)}
      and r.company_id = ${companyId} and r.status <> 'cancelled')`
  return counted([
    recoveredOrders(db, companyId)
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

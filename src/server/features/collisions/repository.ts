import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'

// Collisions as the list, the resolve dialog and the case pages read them (migration 064 keeps them).

/** One side of a collision as a person reads it: which case, where it opens, its state. */
export type CollisionCase = {
  id: string
  kind: 'order' | 'rdn'
  label: string
  href: string
  status: string | null
  market: string | null
  client: string | null
}

export type CollisionRow = {
  id: string
  matched_on: 'vin' | 'plate'
  match_key: string
  detected_at: Date
  source: string
  first: CollisionCase
  second: CollisionCase
}

/** A case (an order or an RDN case, by their ids) described in one row of JSON. */
const describedCase = (orderId: RawBuilder<unknown>, rdnCaseId: RawBuilder<unknown>) => sql`(
  select json_build_object(
    'id', coalesce(o.id, c.id),
    'kind', case when o.id is not null then 'order' else 'rdn' end,
    'label', coalesce('Order ' || coalesce(o.case_number, o.order_number), 'RDN case ' || coalesce(c.case_number, c.case_id::text)),
    'href', coalesce('/order/' || o.id, '/cases/' || c.case_id),
    'status', coalesce(o.status, c.status),
    'market', coalesce(o.detected_market, c.detected_market),
    'client', coalesce(cl.name, c.lender_name))
  from (select 1) one
  left join orders o on o.id = ${orderId}
  left join rdn_cases c on c.id = ${rdnCaseId}
  left join clients cl on cl.id = coalesce(o.client_id, c.client_id))`

const FIRST = describedCase(sql.ref('v.first_order_id'), sql.ref('v.first_rdn_case_id'))
const SECOND = describedCase(sql.ref('v.second_order_id'), sql.ref('v.second_rdn_case_id'))

/** The collisions nobody resolved yet, newest first; a field manager's only where either case is of their markets. */
export async function listOpenCollisions(
  db: Kysely<DB>,
  companyId: string,
  markets: string[] | null,
  limit: number,
): Promise<CollisionRow[]> {
  const { rows } = await sql<CollisionRow>`
    select v.id, v.matched_on, v.match_key, v.detected_at, v.source, ${FIRST} as first, ${SECOND} as second
    from vehicle_collisions v
    where v.company_id = ${companyId} and v.resolved_at is null
    order by v.detected_at desc, v.id
    limit ${limit}`.execute(db)
  if (markets === null) return rows
  return rows.filter((row) =>
    [row.first.market, row.second.market].some((market) => market && markets.includes(market)),
  )
}

/** One collision of the company, locked for its resolution. */
export async function lockCollision(trx: Transaction<DB>, companyId: string, id: string) {
  const { rows } = await sql<CollisionRow & { resolved_at: Date | null }>`
    select v.id, v.matched_on, v.match_key, v.detected_at, v.source, v.resolved_at, ${FIRST} as first, ${SECOND} as second
    from vehicle_collisions v
    where v.company_id = ${companyId} and v.id = ${id}
    for update of v`.execute(trx)
  return rows[0]
}

/** Settles a collision: which case stands, who, why. */
export async function markResolved(
  trx: Transaction<DB>,
  id: string,
  resolution: { standing: CollisionCase; profileId: string; reason: string },
) {
  return trx
    .updateTable('vehicle_collisions')
    .set({
      resolved_at: sql<Date>`now()`,
      resolved_by_profile_id: resolution.profileId,
      standing_order_id: resolution.standing.kind === 'order' ? resolution.standing.id : null,
      standing_rdn_case_id: resolution.standing.kind === 'rdn' ? resolution.standing.id : null,
      resolution_reason: resolution.reason,
    })
    .where('id', '=', id)
    .returning(['id', 'resolved_at'])
    .executeTakeFirstOrThrow()
}

/** A case's open collisions, as its page shows them: the other case and what matched. */
export async function findCaseCollisions(db: Kysely<DB>, companyId: string, caseId: string) {
  const { rows } = await sql<{ id: string; matched_on: 'vin' | 'plate'; other: CollisionCase }>`
    select v.id, v.matched_on, case when v.first_case = ${caseId} then ${SECOND} else ${FIRST} end as other
    from vehicle_collisions v
    where v.company_id = ${companyId} and v.resolved_at is null and (v.first_case = ${caseId} or v.second_case = ${caseId})
    order by v.detected_at, v.id`.execute(db)
  return rows
}

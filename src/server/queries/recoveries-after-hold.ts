import { type Kysely, sql } from 'kysely'
import { AGENCY_TIME_ZONE } from '../../domain/formats/agency-time'
import { personName } from '../db/migrations/023-notifications'
import type { DB } from '../db/schema'

// Recoveries after a hold (issue 44 item 5): a case whose repossession moment (queries/
// repossession-moment.ts) came while a hold was in place, expected never. A hold is in place from
// placed_at until lifted_at; the move to Repossessed that lifts it lifts it at the moment itself
// (same statement), so a hold lifted at or after the moment counts. A hold kept as 'arrived after
// recovery' (the recovery came first) is not one: it is listed apart, flagged for the client.

/** One hold and its case's recovery: the times the office and the client read. */
export type HoldAgainstRecovery = {
  holdId: string
  caseNumber: string | null
  href: string
  client: string | null
  month: string
  status: string
  reason: string | null
  source: string
  placedBy: string | null
  placedAt: Date
  liftedAt: Date | null
  recoveredAt: Date
}

/** Every hold of the company with its case's repossession moment, client, number and page. */
const holdsWithMoments = (companyId: string) => sql`
  select h.*, o.repossessed_at as moment, o.client_id, coalesce(o.case_number, o.order_number) as number,
    '/order/' || o.id as href
  from case_holds h join orders o on o.id = h.order_id
  where h.company_id = ${companyId} and o.repossessed_at is not null
  union all
  select h.*, c.time_marked_repossessed, c.client_id, coalesce(c.case_number, c.case_id::text),
    '/cases/' || c.case_id
  from case_holds h join rdn_cases c on c.id = h.rdn_case_id
  where h.company_id = ${companyId} and c.time_marked_repossessed is not null`

const AFTER_HOLD = sql`not m.arrived_after_recovery and m.placed_at < m.moment
  and (m.lifted_at is null or m.lifted_at >= m.moment)`

/** Which of the two lists: recoveries that came while a hold was in place, or holds that came after. */
export type HoldCollision = 'recovered_after_hold' | 'arrived_after_recovery'

/** The list, recoveries from `since` on (all when null), newest recovery first, `limit` from `offset`. */
export async function listHoldCollisions(
  db: Kysely<DB>,
  companyId: string,
  kind: HoldCollision,
  { since, limit, offset = 0 }: { since: Date | null; limit: number; offset?: number },
) {
  const which = kind === 'recovered_after_hold' ? AFTER_HOLD : sql`m.arrived_after_recovery`
  const { rows } = await sql<HoldAgainstRecovery>`
    select m.id as "holdId", m.number as "caseNumber", m.href, cl.name as client,
      to_char(m.moment at time zone ${AGENCY_TIME_ZONE}, 'YYYY-MM') as month,
      m.status, m.reason, m.source, case when p.id is not null then ${personName('p')} end as "placedBy",
      m.placed_at as "placedAt", m.lifted_at as "liftedAt", m.moment as "recoveredAt"
    from (${holdsWithMoments(companyId)}) m
    left join clients cl on cl.id = m.client_id
    left join profiles p on p.id = m.placed_by_profile_id
    where ${which} and (${since}::timestamptz is null or m.moment >= ${since})
    order by m.moment desc, m.id
    limit ${limit} offset ${offset}`.execute(db)
  return rows
}

/** Per client and agency month, the cases recovered while a hold was in place (months without any are 0). */
export async function countRecoveriesAfterHold(db: Kysely<DB>, companyId: string, since: Date) {
  const { rows } = await sql<{ client: string | null; month: string; count: number }>`
    select cl.name as client, to_char(m.moment at time zone ${AGENCY_TIME_ZONE}, 'YYYY-MM') as month,
      count(distinct coalesce(m.order_id, m.rdn_case_id))::int as count
    from (${holdsWithMoments(companyId)}) m
    left join clients cl on cl.id = m.client_id
    where ${AFTER_HOLD} and m.moment >= ${since}
    group by 1, 2
    order by 2 desc, 1`.execute(db)
  return rows
}

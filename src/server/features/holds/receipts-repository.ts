import { type Kysely, sql } from 'kysely'
import { personName } from '../../db/migrations/023-notifications'
import type { DB } from '../../db/schema'
import type { FieldCase } from '../../queries/field-stop'

/** A hold's case, its number and where it opens (an order's page, an RDN case's). */
const HOLD_CASE = sql`
  left join orders o on o.id = h.order_id
  left join rdn_cases c on c.id = h.rdn_case_id
  left join clients cl on cl.id = coalesce(o.client_id, c.client_id)
  left join profiles placer on placer.id = h.placed_by_profile_id`
const HOLD_COLUMNS = sql`h.id, h.status, h.reason, h.source, h.placed_at as "placedAt", h.lifted_at as "liftedAt",
  h.arrived_after_recovery as "arrivedAfterRecovery",
  case when placer.id is not null then ${personName('placer')} end as "placedBy",
  coalesce(o.case_number, o.order_number, c.case_number, c.case_id::text) as "caseNumber",
  case when o.id is not null then '/order/' || o.id else '/cases/' || c.case_id end as href,
  cl.name as client`

export type HoldRow = {
  id: string
  status: string
  reason: string | null
  source: string
  placedAt: Date
  liftedAt: Date | null
  arrivedAfterRecovery: boolean
  placedBy: string | null
  caseNumber: string | null
  href: string
  client: string | null
}

/** Stamps delivered every receipt of the person not yet delivered: their open screen has the notice. */
export async function stampDelivered(db: Kysely<DB>, profileId: string) {
  const result = await db
    .updateTable('hold_receipts')
    .set({ delivered_at: sql`now()` })
    .where('profile_id', '=', profileId)
    .where('delivered_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Stamps read (and delivered, if not yet) the person's receipts of the holds of a case they opened. */
export async function stampCaseOpened(db: Kysely<DB>, companyId: string, profileId: string, target: FieldCase) {
  const caseMatch = 'orderId' in target ? sql`h.order_id = ${target.orderId}` : sql`h.rdn_case_id = ${target.rdnCaseId}`
  await sql`update hold_receipts r set read_at = now(), delivered_at = coalesce(r.delivered_at, now())
    from case_holds h
    where h.id = r.hold_id and r.profile_id = ${profileId} and r.company_id = ${companyId}
      and r.read_at is null and ${caseMatch}`.execute(db)
}

/** One hold of the company, with its case. */
export async function findHold(db: Kysely<DB>, companyId: string, holdId: string) {
  const { rows } = await sql<HoldRow>`select ${HOLD_COLUMNS} from case_holds h ${HOLD_CASE}
    where h.company_id = ${companyId} and h.id = ${holdId}`.execute(db)
  return rows[0]
}

/** Everyone a hold was sent to: when told, delivered to an open screen, read; those not yet reached first. */
export async function listReceipts(db: Kysely<DB>, companyId: string, holdId: string) {
  const { rows } = await sql<{
    profileId: string
    name: string
    role: string
    notifiedAt: Date
    deliveredAt: Date | null
    readAt: Date | null
  }>`select r.profile_id as "profileId", ${personName('p')} as name, p.role, r.notified_at as "notifiedAt",
      r.delivered_at as "deliveredAt", r.read_at as "readAt"
    from hold_receipts r join profiles p on p.id = r.profile_id
    where r.company_id = ${companyId} and r.hold_id = ${holdId}
    order by r.read_at is not null, r.delivered_at is not null, name`.execute(db)
  return rows
}

/** The company's holds still in place (and those arrived after a recovery, never lifted), newest first, with receipt counts. */
export async function listOpenHolds(db: Kysely<DB>, companyId: string, limit: number) {
  const { rows } = await sql<HoldRow & { told: number; delivered: number; read: number }>`
    select ${HOLD_COLUMNS}, counts.told, counts.delivered, counts.read
    from (select * from case_holds where company_id = ${companyId} and lifted_at is null
          order by placed_at desc limit ${limit}) h
    ${HOLD_CASE}
    cross join lateral (
      select count(*)::int as told, count(r.delivered_at)::int as delivered, count(r.read_at)::int as read
      from hold_receipts r where r.hold_id = h.id) counts
    order by h.placed_at desc`.execute(db)
  return rows
}

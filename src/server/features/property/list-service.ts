import { type Kysely, sql } from 'kysely'
import { z } from 'zod'
import { agencyToday } from '../../../domain/formats/agency-time'
import { displayName } from '../../../domain/profiles/display'
import { propertyStage } from '../../../domain/property/redemption'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { containsPattern } from '../../queries/like-pattern'

// The Property Redemptions screen's list (issue 20): every inventory with property still held or
// once held, its clock, its last notice and next pickup, newest recoveries first.

export const PROPERTY_STAGES = ['held', 'notice-due', 'ready', 'closed'] as const
const PAGE = 50

export const propertyListQuery = z.object({
  q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
  stage: z.enum(PROPERTY_STAGES, { error: `Choose a stage: ${PROPERTY_STAGES.join(', ')}.` }).optional(),
  offset: z.coerce.number().int().min(0, 'The offset is 0 or more.').max(100_000).default(0),
})
export type PropertyListQuery = z.output<typeof propertyListQuery>

/**
 * A page of the company's inventories (the ones with property), newest first: read in that order
 * from property_inventories_list_idx (migration 054), each with its case found by id.
 */
export function propertyPageQuery(db: Kysely<DB>, companyId: string, query: PropertyListQuery, today: string) {
  let rows = db
    .selectFrom('property_inventories as i')
    .leftJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('rdn_cases as c', 'c.id', 'i.rdn_case_id')
    .select([
      'i.id',
      'i.order_id',
      'c.case_id',
      'i.state',
      'i.hold_until',
      'i.notice_due',
      sql<string>`coalesce(o.order_number, o.case_number, c.case_number, c.case_id::text, '')`.as('case_label'),
      sql<string>`concat_ws(' ', coalesce(o.year, c.year), coalesce(o.make, c.make), coalesce(o.model, c.model))`.as(
        'vehicle',
      ),
      sql<
        string | null
      >`coalesce(nullif(o.borrower_name, ''), nullif(concat_ws(' ', o.borrower_first_name, o.borrower_last_name), ''), c.debtor_display_name)`.as(
        'debtor_name',
      ),
      sql<number>`(select count(*)::int from property_items p where p.inventory_id = i.id and p.status = 'held')`.as(
        'held_items',
      ),
      sql<number>`(select count(*)::int from property_items p where p.inventory_id = i.id)`.as('total_items'),
      sql<
        string | null
      >`(select to_char(max(n.sent_on), 'YYYY-MM-DD') from property_notices n where n.inventory_id = i.id)`.as(
        'last_notice_on',
      ),
      sql<Date | null>`(select min(a.starts_at) from property_appointments a where a.inventory_id = i.id and a.status = 'scheduled' and a.starts_at >= now() - interval '1 day')`.as(
        'next_appointment_at',
      ),
    ])
    .where('i.company_id', '=', companyId)
    .where('i.no_property', '=', false)
  if (query.q) {
    const like = containsPattern(query.q)
    rows = rows.where((eb) =>
      eb.or([
        eb('o.order_number', 'ilike', like),
        eb('o.case_number', 'ilike', like),
        eb('o.vin', 'ilike', like),
        eb('o.borrower_name', 'ilike', like),
        eb('c.case_number', 'ilike', like),
        eb('c.vin', 'ilike', like),
        eb('c.debtor_display_name', 'ilike', like),
        eb(sql<string>`c.case_id::text`, '=', query.q as string),
      ]),
    )
  }
  const held = sql<boolean>`exists (select 1 from property_items p where p.inventory_id = i.id and p.status = 'held')`
  const noticed = sql<boolean>`exists (select 1 from property_notices n where n.inventory_id = i.id and n.sent_on <= i.hold_until)`
  const anyNotice = sql<boolean>`exists (select 1 from property_notices n where n.inventory_id = i.id)`
  if (query.stage === 'closed') rows = rows.where(sql<boolean>`not ${held}`)
  else if (query.stage) rows = rows.where(held)
  if (query.stage === 'notice-due') rows = rows.where(sql<boolean>`not ${anyNotice}`)
  if (query.stage === 'ready') rows = rows.where(noticed).where('i.hold_until', '<', today)
  if (query.stage === 'held')
    rows = rows.where(anyNotice).where((eb) => eb.or([eb('i.hold_until', '>=', today), eb.not(noticed)]))
  return rows
    .orderBy('i.inventoried_at', 'desc')
    .orderBy('i.id')
    .limit(PAGE + 1)
    .offset(query.offset)
}

export async function propertyList({ db }: AppDeps, viewer: Viewer, query: PropertyListQuery) {
  const today = agencyToday()
  const page = await propertyPageQuery(db, viewer.companyId, query, today).execute()
  return {
    inventories: page.slice(0, PAGE).map((row) => ({
      id: row.id,
      caseLabel: row.case_label,
      orderId: row.order_id,
      caseId: row.case_id,
      vehicle: row.vehicle || 'Vehicle',
      debtorName: row.debtor_name,
      state: row.state,
      holdUntil: row.hold_until,
      noticeDue: row.notice_due,
      heldItems: row.held_items,
      totalItems: row.total_items,
      lastNoticeOn: row.last_notice_on,
      nextAppointmentAt: row.next_appointment_at ? new Date(row.next_appointment_at).toISOString() : null,
      stage: propertyStage({
        heldItems: row.held_items,
        holdUntil: row.hold_until,
        noticeDue: row.notice_due,
        lastNoticeOn: row.last_notice_on,
        today,
      }),
    })),
    more: page.length > PAGE,
  }
}

/** The people who may be the second person of an inventory: the company's active staff but the viewer. */
export async function inventoryPeople({ db }: AppDeps, viewer: Viewer) {
  const rows = await db
    .selectFrom('profiles')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('company_id', '=', viewer.companyId)
    .where('active', '=', true)
    .where('id', '<>', viewer.profileId)
    .orderBy('first_name')
    .orderBy('last_name')
    .limit(500)
    .execute()
  return { people: rows.map((row) => ({ id: row.id, name: displayName(row) })) }
}

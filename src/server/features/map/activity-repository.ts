import { type Kysely, type RawBuilder, sql } from 'kysely'
import { agencyDayOf } from '../../../domain/formats/agency-time'
import type { DB } from '../../db/schema'
import { caseZip, fiveDigits, orderZip } from '../../queries/case-place'
import { type CaseFilter, filterCases, filterOrders, matchesNothing } from './repository'

// Recent recoveries and camera finds counted by place in SQL (one row per place, never one per
// case): what the map's activity layers and heat map are drawn from.

/** The moments a period covers: from `since`, and before `until` when it has an end. */
export type ActivityRange = { since: Date; until: Date | null }

/** Cases of one ZIP (or ZIP3 area); a place of null is a case with no ZIP to place it by. */
export type PlaceCount = { zip: string | null; count: number }

const recoveryZip = sql.raw(fiveDigits('recovery_zip'))
/** Where an order was recovered: its recovery ZIP, else the place the map shows it at. */
const orderRecoveryZip = sql<string>`coalesce(${recoveryZip}, ${orderZip})`
/** Where an RDN case was recovered: its recovery ZIP, else its debtor's (as migration 049's index keeps it). */
const caseRecoveryZip = sql<string>`coalesce(${recoveryZip}, ${caseZip})`

const placeOf = (zip: RawBuilder<string>, digits: 3 | 5) => (digits === 5 ? zip : sql<string>`left(${zip}, 3)`)

const toCounts = (rows: { zip: string | null; count: number | string }[]): PlaceCount[] =>
  rows.map((row) => ({ zip: row.zip, count: Number(row.count) }))

/**
 * RDN cases marked repossessed in the period, by the place they were recovered at: counted from
 * their repossession moment's index alone, which keeps that place (migration 049).
 */
export function caseRecoveries(db: Kysely<DB>, filter: CaseFilter, range: ActivityRange, digits: 3 | 5) {
  const place = placeOf(caseRecoveryZip, digits)
  return filterCases(db.selectFrom('rdn_cases'), filter)
    .where('time_marked_repossessed', '>=', range.since)
    .$if(range.until !== null, (query) => query.where('time_marked_repossessed', '<', range.until as Date))
    .select([place.as('zip'), (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(place)
}

/**
 * Recoveries in the period by place: orders by their recovery day, RDN cases by when they were
 * marked repossessed, each at the ZIP it was recovered in (else its usual one).
 */
export async function recoveryCounts(db: Kysely<DB>, filter: CaseFilter, range: ActivityRange, digits: 3 | 5) {
  if (matchesNothing(filter)) return []
  const orderPlace = placeOf(orderRecoveryZip, digits)
  const { since, until } = range
  const [orders, cases] = await Promise.all([
    filterOrders(db.selectFrom('orders'), filter)
      // recovery_date is a day, not a moment: compared with the agency's days of the bounds.
      .where('recovery_date', '>=', agencyDayOf(since))
      .$if(until !== null, (query) => query.where('recovery_date', '<', agencyDayOf(until as Date)))
      .select([orderPlace.as('zip'), (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy(orderPlace)
      .execute(),
    caseRecoveries(db, filter, range, digits).execute(),
  ])
  return [...toCounts(orders), ...toCounts(cases)]
}

/** Camera car finds in the period by place, each at its order's place (RDN cases have no finds). */
export async function findCounts(db: Kysely<DB>, filter: CaseFilter, range: ActivityRange, digits: 3 | 5) {
  if (matchesNothing(filter)) return []
  const place = placeOf(orderZip, digits)
  const { since, until } = range
  // Finds per order first, then joined to the viewer's orders: the order's filters stay unqualified.
  const finds = db
    .selectFrom('ccd_finds')
    .select(['order_id', (eb) => eb.fn.countAll<number>().as('finds')])
    .where('company_id', '=', filter.companyId)
    .where('found_at', '>=', since)
    .$if(until !== null, (query) => query.where('found_at', '<', until as Date))
    .groupBy('order_id')
  const rows = await filterOrders(db.selectFrom('orders'), filter)
    .innerJoin(finds.as('f'), 'f.order_id', 'orders.id')
    .select([place.as('zip'), sql<number>`sum(f.finds)`.as('count')])
    .groupBy(place)
    .execute()
  return toCounts(rows)
}

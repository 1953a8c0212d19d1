import { type RawBuilder, sql } from 'kysely'
import { type Repossession, repossessionOf } from '../../domain/cases/repossession'
import { AGENCY_TIME_ZONE } from '../../domain/formats/agency-time'

// The one place a case's repossession moment is read (issue 41). Migration 039's triggers stamp it
// on every move to Repossessed and keep the old day and clock columns following it: an order's
// repossessed_at, an RDN case's time_marked_repossessed.

/** Whether an order (aliased o) is recovered, and its moment's day. */
export const orderRecoveredSql = sql<boolean>`(o.status = 'Repossessed' or o.repossessed_at is not null)`
export const orderMomentSql = sql<Date | null>`o.repossessed_at`

/** The same of an RDN case (aliased c). */
export const rdnRecoveredSql = sql<boolean>`(c.status = 'Repossessed' or c.time_marked_repossessed is not null)`
export const rdnMomentSql = sql<Date | null>`c.time_marked_repossessed`

/** A moment's (or a timestamp's) day on the agency's wall, a date: the day payroll and drafting read. */
export const agencyDaySql = (moment: RawBuilder<unknown>) =>
  sql<string | null>`(${moment} at time zone ${sql.lit(AGENCY_TIME_ZONE)})::date`

/** An order's repossession, from its status and moment. */
export const orderRepossession = (order: { status: string | null; repossessed_at: Date | null }): Repossession =>
  repossessionOf(order.status, order.repossessed_at)

/** An RDN case's repossession, from its status and moment. */
export const rdnRepossession = (rdnCase: {
  status: string | null
  time_marked_repossessed: Date | null
}): Repossession => repossessionOf(rdnCase.status, rdnCase.time_marked_repossessed)

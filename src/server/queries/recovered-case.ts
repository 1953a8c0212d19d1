import { type Kysely, sql, type Transaction } from 'kysely'
import type { DB } from '../db/schema'
import { caseIdParam, uuidParam } from '../http/uuid-param'
import { agencyDaySql, orderMomentSql, orderRecoveredSql, rdnMomentSql, rdnRecoveredSql } from './repossession-moment'

// A company's order or RDN case as post-recovery work reads it: whether its vehicle is recovered
// (Repossessed, or with a repossession moment: repossession-moment.ts) and when, its label, the photos its
// client asks a condition report for, and whether its client must authorize a release or be paid before
// the hand-over.

type Db = Kysely<DB> | Transaction<DB>

export const CASE_NOT_FOUND = 'The requested case could not be found.'
/** A path's order id or RDN case number as a case target (anything else: not found). */
export const orderTarget = (value: string) => ({ orderId: uuidParam(value, CASE_NOT_FOUND) })
export const rdnTarget = (value: string) => ({ caseId: caseIdParam(value, CASE_NOT_FOUND) })

export type CaseTarget = { orderId: string } | { caseId: number }

/** The company's case, whether its vehicle is recovered, and the photos its client asks for. */
export async function recoveredCase(db: Db, companyId: string, target: CaseTarget) {
  if ('orderId' in target) {
    const row = await db
      .selectFrom('orders as o')
      .leftJoin('clients as cl', 'cl.id', 'o.client_id')
      .select([
        'o.id',
        sql<string>`coalesce(o.order_number, o.case_number, '')`.as('label'),
        orderRecoveredSql.as('recovered'),
        orderMomentSql.as('repossessedAt'),
        'cl.condition_photo_slots as slots',
        sql<boolean>`coalesce(cl.release_needs_lender_authorization, false)`.as('needsLenderAuthorization'),
        sql<boolean>`coalesce(cl.hand_over_needs_payment, false)`.as('handOverNeedsPayment'),
        sql<
          string | null
        >`to_char(coalesce(${agencyDaySql(orderMomentSql)}, ${agencyDaySql(sql`o.updated_at`)}), 'YYYY-MM-DD')`.as(
          'recoveredOn',
        ),
        sql<string | null>`coalesce(nullif(o.recovery_state, ''), nullif(o.borrower_state, ''))`.as('state'),
      ])
      .where('o.company_id', '=', companyId)
      .where('o.id', '=', target.orderId)
      .executeTakeFirst()
    return row && { caseKey: `order:${row.id}`, orderId: row.id, rdnCaseId: null, ...row }
  }
  const row = await db
    .selectFrom('rdn_cases as c')
    // The client the case bills (migration 040 keeps it on the case).
    .leftJoin('clients as cl', 'cl.id', 'c.client_id')
    .select([
      'c.id',
      sql<string>`coalesce(c.case_number, c.case_id::text)`.as('label'),
      rdnRecoveredSql.as('recovered'),
      rdnMomentSql.as('repossessedAt'),
      'cl.condition_photo_slots as slots',
      sql<boolean>`coalesce(cl.release_needs_lender_authorization, false)`.as('needsLenderAuthorization'),
      sql<boolean>`coalesce(cl.hand_over_needs_payment, false)`.as('handOverNeedsPayment'),
      sql<
        string | null
      >`to_char(coalesce(${agencyDaySql(rdnMomentSql)}, ${agencyDaySql(sql`c.updated_at`)}), 'YYYY-MM-DD')`.as(
        'recoveredOn',
      ),
      sql<string | null>`coalesce(nullif(c.recovery_state, ''), nullif(c.debtor_state, ''))`.as('state'),
    ])
    .where('c.company_id', '=', companyId)
    .where('c.case_id', '=', target.caseId)
    .executeTakeFirst()
  return row && { caseKey: `rdn:${row.id}`, orderId: null, rdnCaseId: row.id, ...row }
}

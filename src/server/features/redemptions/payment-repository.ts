import { type Kysely, sql, type Transaction } from 'kysely'
import type { PaymentMethod } from '../../../domain/redemption/payment'
import type { DB } from '../../db/schema'

// Redemption payments (issue 41): what the agency collected from the debtor, by case.

type Db = Kysely<DB> | Transaction<DB>

export type NewRedemptionPayment = {
  companyId: string
  caseKey: string
  orderId: string | null
  rdnCaseId: string | null
  amountCents: number
  method: PaymentMethod
  reference: string | null
  receivedOn: string
  recordedByProfileId: string
}

export const insertRedemptionPayment = (db: Db, payment: NewRedemptionPayment) =>
  db
    .insertInto('redemption_payments')
    .values({
      company_id: payment.companyId,
      case_key: payment.caseKey,
      order_id: payment.orderId,
      rdn_case_id: payment.rdnCaseId,
      amount_cents: payment.amountCents,
      method: payment.method,
      reference: payment.reference,
      received_on: payment.receivedOn,
      recorded_by_profile_id: payment.recordedByProfileId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()

const paymentColumns = (db: Db) =>
  db
    .selectFrom('redemption_payments as p')
    .leftJoin('profiles as pr', 'pr.id', 'p.recorded_by_profile_id')
    .select([
      'p.id',
      'p.case_key',
      'p.order_id',
      'p.rdn_case_id',
      'p.amount_cents',
      'p.method',
      'p.reference',
      sql<string>`to_char(p.received_on, 'YYYY-MM-DD')`.as('received_on'),
      'p.recorded_at',
      sql<string | null>`nullif(concat_ws(' ', pr.first_name, pr.last_name), '')`.as('recorded_by'),
    ])

/** A case's payments, oldest first. */
export const paymentsOfCase = (db: Db, companyId: string, caseKey: string) =>
  paymentColumns(db)
    .where('p.company_id', '=', companyId)
    .where('p.case_key', '=', caseKey)
    .orderBy('p.recorded_at')
    .orderBy('p.id')
    .execute()

/** One payment of the company, if it is one. */
export const paymentById = (db: Db, companyId: string, paymentId: string) =>
  paymentColumns(db).where('p.company_id', '=', companyId).where('p.id', '=', paymentId).executeTakeFirst()

/** The release a hand-over is asked for, with the case it is of (an RDN case by its number). */
export const releaseToHandOver = (db: Db, companyId: string, releaseId: string) =>
  db
    .selectFrom('vehicle_releases as r')
    .leftJoin('rdn_cases as c', 'c.id', 'r.rdn_case_id')
    .select(['r.kind', 'r.status', 'r.order_id', 'c.case_id'])
    .where('r.company_id', '=', companyId)
    .where('r.id', '=', releaseId)
    .executeTakeFirst()

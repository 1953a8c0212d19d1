import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/** An invoice's payments, oldest first, each with its lines and who posted it. */
export async function listPayments(db: Db, invoiceId: string) {
  const payments = await db
    .selectFrom('invoice_payments as p')
    .leftJoin('profiles', 'profiles.id', 'p.created_by_profile_id')
    .select([
      'p.id',
      'p.received_on',
      'p.amount_cents',
      'p.reference',
      'p.created_at',
      'profiles.first_name',
      'profiles.last_name',
      'profiles.email',
    ])
    .where('p.invoice_id', '=', invoiceId)
    .orderBy('p.created_at')
    .execute()
  if (payments.length === 0) return []
  const lines = await db
    .selectFrom('invoice_payment_lines')
    .select(['payment_id', 'line_id', 'amount_cents', 'short_pay_reason'])
    .where(
      'payment_id',
      'in',
      payments.map((payment) => payment.id),
    )
    .execute()
  return payments.map((payment) => ({ ...payment, lines: lines.filter((line) => line.payment_id === payment.id) }))
}

export async function insertPayment(
  db: Transaction<DB>,
  payment: {
    companyId: string
    invoiceId: string
    receivedOn: string
    amountCents: number
    reference: string | null
    profileId: string
  },
  lines: { lineId: string; amountCents: number; shortPayReason: string | null }[],
) {
  const row = await db
    .insertInto('invoice_payments')
    .values({
      company_id: payment.companyId,
      invoice_id: payment.invoiceId,
      received_on: payment.receivedOn,
      amount_cents: payment.amountCents,
      reference: payment.reference,
      created_by_profile_id: payment.profileId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('invoice_payment_lines')
    .values(
      lines.map((line) => ({
        payment_id: row.id,
        line_id: line.lineId,
        amount_cents: line.amountCents,
        short_pay_reason: line.shortPayReason,
      })),
    )
    .execute()
  return row.id
}
